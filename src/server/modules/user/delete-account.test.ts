import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fillAccount } from "../../test/account-data.ts";
import { signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { tablesWithoutUserData, userDataTables, userKeyedTables } from "./user-data-tables.ts";

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The live schema's tables and their columns, from the database itself. */
async function liveTables(t: TestApp): Promise<Map<string, string[]>> {
  const rows =
    t.dialect === "sqlite"
      ? (
          await sql<{ table: string; column: string }>`select m.name as "table", p.name as "column"
            from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%'`.execute(
            t.db.kysely,
          )
        ).rows
      : (
          await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
            from information_schema.columns where table_schema = current_schema()`.execute(t.db.kysely)
        ).rows;
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  return tables;
}

async function rowsOf(t: TestApp, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, userColumn } of userDataTables) {
    const row = await t.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(sql.ref(userColumn), "=", userId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  for (const { table, keyColumn } of userKeyedTables) {
    const row = await t.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(sql.ref(keyColumn), "like", `%:${userId}`)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

describeEachDatabase("DELETE /api/user: the account and every row of it", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: new Date("2026-05-04T18:00:00Z") });
  });
  afterAll(() => t.close());

  /** Tables of the live schema neither deleted with an account nor listed as holding no user data. */
  async function uncoveredTables(): Promise<string[]> {
    const covered = new Set([...userDataTables, ...userKeyedTables].map(({ table }) => snake(table)));
    const tables = await liveTables(t);
    expect([...tables.keys()]).toEqual(expect.arrayContaining(["users", "tasks", "sessions", "kysely_migration"]));
    return [...tables.entries()]
      .filter(([table, columns]) => !covered.has(table) && (!tablesWithoutUserData.includes(table) || columns.includes("user_id")))
      .map(([table]) => table);
  }

  it("covers every table of the live schema: a table with user data and no deletion fails here", async () => {
    expect(
      await uncoveredTables(),
      "add each to src/server/modules/user/user-data-tables.ts (or, holding no user data, to tablesWithoutUserData)",
    ).toEqual([]);
  });

  it("would fail for a table added without its line", async () => {
    await sql`create table garden_plots (id text primary key, user_id text not null)`.execute(t.db.kysely);
    try {
      expect(await uncoveredTables()).toEqual(["garden_plots"]);
    } finally {
      await sql`drop table garden_plots`.execute(t.db.kysely);
    }
  });

  it("refuses another e-mail with 400 and deletes nothing", async () => {
    const user = await signInTestUser(t.app, { email: "ada@example.test" });
    await fillAccount(t, user);
    const before = await rowsOf(t, user.userId);
    const response = await t.app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: user.mutatingHeaders,
      payload: { confirmEmail: "someone@example.test" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not this account's/);
    expect(await rowsOf(t, user.userId)).toEqual(before);
  });

  it("with the user's own e-mail in any case removes every row, ends every session and clears the cookies", async () => {
    const user = await signInTestUser(t.app, { email: "Grace@Example.test" });
    const otherDevice = await signInTestUser(t.app);
    await t.db.kysely.updateTable("sessions").set({ userId: user.userId }).where("id", "=", otherDevice.sessionId).execute();
    await t.db.kysely.deleteFrom("users").where("id", "=", otherDevice.userId).execute();
    const bystander = await signInTestUser(t.app);
    await fillAccount(t, user);
    await fillAccount(t, bystander);
    const before = await rowsOf(t, user.userId);
    expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);
    const bystanders = await rowsOf(t, bystander.userId);

    const response = await t.app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: user.mutatingHeaders,
      payload: { confirmEmail: " grace@example.TEST" },
    });
    expect(response.statusCode).toBe(204);
    const cleared = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    expect(cleared.filter((cookie) => /Expires=Thu, 01 Jan 1970/.test(cookie))).toHaveLength(3);

    expect(Object.values(await rowsOf(t, user.userId)).every((count) => count === 0)).toBe(true);
    expect(await rowsOf(t, bystander.userId)).toEqual(bystanders);
    for (const headers of [user.headers, otherDevice.headers]) {
      expect((await t.app.inject({ url: "/api/tasks/search?q=run", headers })).statusCode).toBe(401);
    }
  });

  it("needs the CSRF token and a signed-in user", async () => {
    const user = await signInTestUser(t.app, { email: "x@example.test" });
    const payload = { confirmEmail: "x@example.test" };
    expect((await t.app.inject({ method: "DELETE", url: "/api/user", headers: user.headers, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: "/api/user", payload })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).statusCode).toBe(200);
  });

  it("writes racing the deletion answer 2xx, 401 or 404, never 500", async () => {
    const user = await signInTestUser(t.app, { email: "racer@example.test" });
    const goal = await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Goal" } });
    const goalId = goal.json().id as string;
    const write = (index: number) =>
      index % 3 === 0
        ? t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: `Goal ${index}` } })
        : t.app.inject({
            method: "POST",
            url: "/api/tasks",
            headers: user.mutatingHeaders,
            payload: { title: `Task ${index}`, date: "2026-05-04", goalId },
          });
    const writes = Array.from({ length: 40 }, (_, index) => write(index));
    const deletion = t.app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: user.mutatingHeaders,
      payload: { confirmEmail: "racer@example.test" },
    });
    const answers = await Promise.all([...writes, deletion]);
    expect((await deletion).statusCode).toBe(204);
    const unexpected = answers.filter((answer) => ![200, 201, 204, 401, 404].includes(answer.statusCode));
    expect(unexpected.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    expect(Object.values(await rowsOf(t, user.userId)).every((count) => count === 0)).toBe(true);
  });

  it("refuses a personal access token, even a write token that can read the e-mail: 403", async () => {
    const user = await signInTestUser(t.app, { email: "token@example.test" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: user.mutatingHeaders,
      payload: { name: "Script", scope: "write" },
    });
    const headers = { authorization: `Bearer ${created.json().token}` };
    const email = (await t.app.inject({ url: "/api/user", headers })).json().email as string;
    const response = await t.app.inject({ method: "DELETE", url: "/api/user", headers, payload: { confirmEmail: email } });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).statusCode).toBe(200);
  });
});

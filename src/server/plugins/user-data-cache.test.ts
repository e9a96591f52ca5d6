import Fastify from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeUserData } from "../db/user-data.ts";
import { createAccessToken, ACCESS_TTL_MS } from "../modules/auth/session-tokens.ts";
import { signInTestUser, type SignedInUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../test/test-app.ts";
import { userDataCachePlugin } from "./user-data-cache.ts";

const DAY = "2026-11-20";

describeEachDatabase("user-data cache: GET /api/tasks?date=, GET /api/goals and GET /api/tasks/search", (dialect) => {
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signInTestUser(t.app, { name: "Owner" });
    other = await signInTestUser(t.app, { name: "Other" });
  });
  afterAll(() => t.close());

  const headersOf = (user: SignedInUser) => {
    // Minted at the test clock's time, which some tests move.
    const access = createAccessToken(TEST_SECRET, user.sessionId, new Date(t.app.now().getTime() + ACCESS_TTL_MS));
    return {
      read: { cookie: `access_token=${access}` },
      write: { cookie: `access_token=${access}; csrfToken=${user.csrfToken}`, "x-csrf-token": user.csrfToken },
    };
  };
  const dayTitles = async (user: SignedInUser, date = DAY) => {
    const response = await t.app.inject({ url: `/api/tasks?date=${date}`, headers: headersOf(user).read });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    return (response.json() as Array<{ title: string; goalTitle: string | null; status: string }>).map(
      (task) => `${task.title}|${task.goalTitle ?? "-"}|${task.status}`,
    );
  };
  const goalTitles = async (user: SignedInUser) => {
    const response = await t.app.inject({ url: "/api/goals", headers: headersOf(user).read });
    expect(response.statusCode).toBe(200);
    return (response.json() as Array<{ title: string; totalTasksCount: number; completedTasksCount: number }>).map(
      (goal) => `${goal.title}|${goal.completedTasksCount}/${goal.totalTasksCount}`,
    );
  };
  const searchTitles = async (user: SignedInUser, q: string) => {
    const response = await t.app.inject({ url: `/api/tasks/search?q=${encodeURIComponent(q)}`, headers: headersOf(user).read });
    expect(response.statusCode).toBe(200);
    return (response.json() as Array<{ title: string; goalTitle: string | null; status: string; date: string | null }>).map(
      (task) => `${task.title}|${task.goalTitle ?? "-"}|${task.status}|${task.date ?? "-"}`,
    );
  };
  const send = async (user: SignedInUser, method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: headersOf(user).write, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as { id: string };
  };
  const dataVersion = async (user: SignedInUser) => {
    const row = await t.db.kysely.selectFrom("users").select("dataVersion").where("id", "=", user.userId).executeTakeFirstOrThrow();
    return Number(row.dataVersion);
  };

  it("keeps an answer while the user's data version is unchanged, and reads again once it moves", async () => {
    const task = await send(owner, "POST", "/api/tasks", { title: "Kept", date: DAY });
    expect(await dayTitles(owner)).toEqual(["Kept|-|todo"]);
    // A change that does not raise the version (as no app write may do) is not seen: the answer is kept.
    await t.db.kysely.updateTable("tasks").set({ title: "Changed behind the cache" }).where("id", "=", task.id).execute();
    expect(await dayTitles(owner)).toEqual(["Kept|-|todo"]);
    await writeUserData(t.db.kysely, owner.userId, ["all"], async () => undefined);
    expect(await dayTitles(owner)).toEqual(["Changed behind the cache|-|todo"]);
  });

  it("shows every task and goal write at once, in the day's tasks, the goals and task search", async () => {
    const before = await dataVersion(owner);
    const goal = await send(owner, "POST", "/api/goals", { title: "Run" });
    expect(await goalTitles(owner)).toEqual(["Run|0/0"]);
    const task = await send(owner, "POST", "/api/tasks", { title: "Jog", date: DAY, goalId: goal.id });
    expect(await dayTitles(owner)).toContain("Jog|Run|todo");
    expect(await goalTitles(owner)).toEqual(["Run|0/1"]);
    expect(await searchTitles(owner, "jog")).toEqual([`Jog|Run|todo|${DAY}`]);

    await send(owner, "PATCH", `/api/tasks/${task.id}`, { status: "done" });
    expect(await dayTitles(owner)).toContain("Jog|Run|done");
    expect(await goalTitles(owner)).toEqual(["Run|1/1"]);
    expect(await searchTitles(owner, "jog")).toEqual([`Jog|Run|done|${DAY}`]);

    await send(owner, "PUT", `/api/goals/${goal.id}`, { title: "Run far" });
    expect(await dayTitles(owner)).toContain("Jog|Run far|done");
    expect(await goalTitles(owner)).toEqual(["Run far|1/1"]);
    expect(await searchTitles(owner, "jog")).toEqual([`Jog|Run far|done|${DAY}`]);

    await send(owner, "PATCH", `/api/tasks/${task.id}`, { date: "2026-11-21" });
    expect(await dayTitles(owner)).not.toContain("Jog|Run far|done");
    expect(await dayTitles(owner, "2026-11-21")).toEqual(["Jog|Run far|done"]);
    expect(await searchTitles(owner, "jog")).toEqual(["Jog|Run far|done|2026-11-21"]);

    await send(owner, "DELETE", `/api/goals/${goal.id}`);
    expect(await dayTitles(owner, "2026-11-21")).toEqual(["Jog|-|done"]);
    expect(await goalTitles(owner)).toEqual([]);
    expect(await searchTitles(owner, "jog")).toEqual(["Jog|-|done|2026-11-21"]);

    await send(owner, "DELETE", `/api/tasks/${task.id}`);
    expect(await dayTitles(owner, "2026-11-21")).toEqual([]);
    expect(await searchTitles(owner, "jog")).toEqual([]);
    // Seven writes, seven versions.
    expect(await dataVersion(owner)).toBe(before + 7);
  });

  it("shows a task stalled by the stalled rule in the day's tasks", async () => {
    const task = await send(owner, "POST", "/api/tasks", { title: "Left running", date: "2026-11-22", estimatedDuration: 10 });
    await send(owner, "PATCH", `/api/tasks/${task.id}`, { status: "inprogress" });
    expect(await dayTitles(owner, "2026-11-22")).toEqual(["Left running|-|inprogress"]);
    t.clock.advance(60 * 60 * 1000);
    const stalled = await t.app.inject({ url: "/api/tasks/stalled", headers: headersOf(owner).read });
    expect(stalled.json()).toHaveLength(1);
    expect(await dayTitles(owner, "2026-11-22")).toEqual(["Left running|-|stalled"]);
  });

  it("never serves one user's kept answer to another", async () => {
    await send(other, "POST", "/api/tasks", { title: "Other's", date: DAY });
    await send(other, "POST", "/api/goals", { title: "Other's goal" });
    // Both users' versions may well be equal numbers.
    await sql`update users set data_version = 100 where id in (${owner.userId}, ${other.userId})`.execute(t.db.kysely);
    expect(await dayTitles(owner)).toEqual(["Changed behind the cache|-|todo"]);
    expect(await dayTitles(other)).toEqual(["Other's|-|todo"]);
    expect(await goalTitles(other)).toEqual(["Other's goal|0/0"]);
    expect(await goalTitles(owner)).toEqual([]);
  });
});

describe("user-data cache: signed out", () => {
  it("answers 401 before anything is kept or read", async () => {
    const t = await createTestApp("sqlite");
    try {
      for (const url of [`/api/tasks?date=${DAY}`, "/api/goals"]) {
        expect((await t.app.inject({ url })).statusCode).toBe(401);
      }
    } finally {
      await t.close();
    }
  });
});

describe("user-data cache: a group of answers (a user's days)", () => {
  /** The plugin alone, behind a stand-in for the session check: the user and version from headers. */
  async function groupApp(max: number) {
    const app = Fastify();
    app.decorateRequest("userId", null);
    app.decorateRequest("userDataVersion", null);
    app.addHook("onRequest", async (request) => {
      request.userId = String(request.headers["x-user"]);
      request.userDataVersion = Number(request.headers["x-version"]);
    });
    await app.register(userDataCachePlugin);
    const loads: string[] = [];
    app.get<{ Params: { day: string } }>("/days/:day", async (request, reply) => {
      const { day } = request.params;
      return reply.sendUserData(
        day,
        async () => {
          loads.push(`${request.userId}:${day}@${request.userDataVersion}`);
          return { day, load: loads.length };
        },
        { name: "days", max },
      );
    });
    const read = async (user: string, version: number, day: string) =>
      (await app.inject({ url: `/days/${day}`, headers: { "x-user": user, "x-version": String(version) } })).json() as {
        day: string;
        load: number;
      };
    return { app, loads, read };
  }

  it("keeps at most `max` answers per user, the least recently used out first, each user's own", async () => {
    const { app, loads, read } = await groupApp(2);
    try {
      expect(await read("ann", 1, "d1")).toEqual({ day: "d1", load: 1 });
      await read("ann", 1, "d2");
      expect(await read("ann", 1, "d1")).toEqual({ day: "d1", load: 1 }); // kept; now the most recent
      await read("bob", 1, "d1"); // another user: their own answer, not counted against ann's
      await read("ann", 1, "d3"); // pushes out d2, the least recently used of ann's
      expect(await read("ann", 1, "d1")).toEqual({ day: "d1", load: 1 });
      expect(await read("ann", 1, "d3")).toEqual({ day: "d3", load: 4 });
      expect(await read("bob", 1, "d1")).toEqual({ day: "d1", load: 3 });
      await read("ann", 1, "d2");
      expect(loads).toEqual(["ann:d1@1", "ann:d2@1", "bob:d1@1", "ann:d3@1", "ann:d2@1"]);
    } finally {
      await app.close();
    }
  });

  it("reads every day again once the user's version moves, and an older version's read keeps nothing over a newer one", async () => {
    const { app, loads, read } = await groupApp(10);
    try {
      await read("ann", 1, "d1");
      await read("ann", 1, "d2");
      await read("ann", 2, "d1");
      await read("ann", 1, "d2"); // a slow request read at version 1: answered, not kept
      expect(await read("ann", 2, "d1")).toEqual({ day: "d1", load: 3 });
      await read("ann", 2, "d2");
      expect(loads).toEqual(["ann:d1@1", "ann:d2@1", "ann:d1@2", "ann:d2@1", "ann:d2@2"]);
    } finally {
      await app.close();
    }
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import type { ChangeNotice, NoticeListening } from "./change-notices.ts";
import { sendChangeNotices } from "./change-notices.ts";
import { writeOrigins, writeUserData, writeUserDataIfUnchanged } from "./user-data.ts";
import { signInTestUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";

describeEachDatabase("writeUserData, the one write path", (dialect) => {
  let t: TestApp;
  let listening: NoticeListening;
  const heard: ChangeNotice[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    listening = await t.app.db.listenForChanges({
      onNotice: (notice) => heard.push(notice),
      onListening: () => undefined,
      onError: () => undefined,
    });
  });
  afterAll(async () => {
    await listening.close();
    await t.close();
  });

  const versionOf = async (userId: string) =>
    Number(
      (await t.app.db.kysely.selectFrom("users").select("dataVersion").where("id", "=", userId).executeTakeFirstOrThrow()).dataVersion,
    );
  const noticesOf = async (userId: string, count: number) => {
    for (let waited = 0; heard.filter((notice) => notice.userId === userId).length < count && waited < 3_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return heard.filter((notice) => notice.userId === userId);
  };

  it("raises the version once and sends one notice however deeply writes nest, with every kind and the sender", async () => {
    const { userId } = await signInTestUser(t.app);
    const before = await versionOf(userId);
    await writeOrigins.run({ clientId: "tab-1", seq: 7 }, () =>
      writeUserData(t.app.db.kysely, userId, ["tasks"], async (trx) => {
        await writeUserData(trx, userId, ["goals"], async (inner) => {
          await writeUserData(inner, userId, ["tasks", "rollover"], async () => undefined);
        });
      }),
    );
    expect(await versionOf(userId)).toBe(before + 1);
    const notices = await noticesOf(userId, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.filter((notice) => notice.userId === userId)).toEqual([
      { userId, version: before + 1, kinds: ["tasks", "goals", "rollover"], clientId: "tab-1", seq: 7 },
    ]);
    expect(notices).toHaveLength(1);
  });

  it("writes only while the version is unchanged when asked, and tells a rolled-back write to no one", async () => {
    const { userId } = await signInTestUser(t.app);
    const version = await versionOf(userId);
    expect(await writeUserDataIfUnchanged(t.app.db.kysely, userId, version - 1, ["tasks"], async () => "stale")).toEqual({
      written: false,
    });
    expect(await writeUserDataIfUnchanged(t.app.db.kysely, userId, version, ["tasks"], async () => "fresh")).toEqual({
      written: true,
      result: "fresh",
    });
    await expect(
      writeUserData(t.app.db.kysely, userId, ["goals"], async () => {
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(await versionOf(userId)).toBe(version + 1);
    await noticesOf(userId, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.filter((notice) => notice.userId === userId).map((notice) => notice.kinds)).toEqual([["tasks"]]);
  });

  it("refuses a write of user data in a transaction it did not open", async () => {
    const { userId } = await signInTestUser(t.app);
    await expect(
      t.app.db.kysely.transaction().execute((trx) => writeUserData(trx, userId, ["tasks"], async () => undefined)),
    ).rejects.toThrow(/only in a transaction writeUserData opened/);
  });

  it("writes each notice's JSON in code, so any user id arrives as it is", async () => {
    const userId = 'odd"\\id\u2028';
    await t.app.db.kysely.transaction().execute((trx) => sendChangeNotices(trx, [{ userId, version: 3, kinds: ["all"] }]));
    expect(await noticesOf(userId, 1)).toEqual([{ userId, version: 3, kinds: ["all"] }]);
  });
});

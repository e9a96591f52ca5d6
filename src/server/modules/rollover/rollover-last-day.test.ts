// Rolling over the last day the API accepts: nothing may move to a day the API would refuse.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { LAST_CALENDAR_DATE } from "../../../shared/rules/dates.ts";
import { signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { rolloverService } from "./rollover.service.ts";

describeEachDatabase("rolling over the last day", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: new Date("2026-05-04T15:00:00.000Z") });
  });
  afterAll(() => t.close());

  it("keeps every task of 9999-12-31 on a day the API accepts, for review", async () => {
    const user = await signInTestUser(t.app);
    const create = async (payload: Record<string, unknown>): Promise<Task> => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: user.mutatingHeaders,
        payload: { date: LAST_CALENDAR_DATE, ...payload },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const todo = await create({ title: "Todo on the last day" });
    const running = await create({ title: "Running on the last day" });
    const started = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${running.id}`,
      headers: user.mutatingHeaders,
      payload: { status: "inprogress" },
    });
    expect(started.statusCode, started.body).toBe(200);

    // The user's today is the last day: rolling it over is rolling over today.
    const service = rolloverService({ kysely: t.app.db.kysely, now: () => new Date("9999-12-31T20:00:00.000Z") });
    const summary = await service.rollOverDay(user.userId, { date: LAST_CALENDAR_DATE });
    expect(summary).toMatchObject({ rolledOverCount: 0, stalledCount: 0, reviewCount: 2 });

    const day = await t.app.inject({ url: `/api/tasks?date=${LAST_CALENDAR_DATE}`, headers: user.headers });
    expect(day.statusCode, day.body).toBe(200);
    expect(
      day
        .json()
        .map((task: Task) => task.id)
        .sort(),
    ).toEqual([todo.id, running.id].sort());
    const stored = await t.app.db.kysely.selectFrom("tasks").select("date").where("userId", "=", user.userId).execute();
    for (const { date } of stored) expect(date).toBe(LAST_CALENDAR_DATE);
  });
});

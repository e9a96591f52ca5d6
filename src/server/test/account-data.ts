// An account with a row in every table that holds user data, through the API where there is one and
// directly where the harness's app has no AI provider or identity provider to make it.
import { randomUUID } from "node:crypto";
import { proposalsService } from "../modules/ai-proposals/proposals.service.ts";
import { connectAppDirectly } from "./oauth-client.ts";
import type { SignedInUser } from "./sign-in.ts";
import type { TestApp } from "./test-app.ts";

async function call(t: TestApp, user: SignedInUser, method: "POST" | "PATCH" | "GET", url: string, payload?: object, more: object = {}) {
  const headers = { ...(method === "GET" ? user.headers : user.mutatingHeaders), ...more };
  const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** An app connected through OAuth (a grant and its tokens), and a second code not yet exchanged. */
async function connectApp(t: TestApp, user: SignedInUser): Promise<void> {
  const { approveAgain } = await connectAppDirectly(t.app.oauth, user.userId);
  await approveAgain();
}

export async function fillAccount(t: TestApp, user: SignedInUser, day = "2026-05-04"): Promise<void> {
  const at = t.app.now().toISOString();
  const goal = await call(t, user, "POST", "/api/goals", { title: "Run a marathon", description: "In spring", targetDate: "2026-09-01" });
  const done = await call(t, user, "POST", "/api/tasks", { title: "Buy shoes", date: day, goalId: goal.id, estimatedDuration: 30 });
  await call(t, user, "PATCH", `/api/tasks/${done.id}`, { status: "done" });
  await call(t, user, "POST", "/api/tasks", {
    title: "Stretch, then run",
    date: day,
    scheduledStartTime: "07:30",
    description: "Easy pace",
  });
  await call(t, user, "POST", "/api/tasks", { title: "Someday: a trail race" });
  await call(t, user, "POST", "/api/tasks", { title: "Morning run", date: day, recurrence: "FREQ=WEEKLY;BYDAY=MO,WE" });
  await call(t, user, "PATCH", "/api/rollover/settings", { maxRolloverDays: 5 }, { "idempotency-key": `"${randomUUID()}"` });
  await call(t, user, "POST", "/api/rollover/trigger", { date: day });
  await call(t, user, "GET", `/api/ai/insights?date=${day}`);
  await call(t, user, "POST", "/api/weekly-summaries/generate");
  await call(t, user, "POST", "/api/tokens", { name: "Scripts", scope: "read" });
  const webhook = await call(t, user, "POST", "/api/webhooks", { url: "https://203.0.114.1/hook", events: ["task.created"] });
  await call(t, user, "POST", `/api/webhooks/${webhook.id}/test`);
  await connectApp(t, user);
  const keys = { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA", auth: "tBHItJI5svbpez7KI4CCXg" };
  await call(t, user, "POST", "/api/push/subscriptions", { endpoint: `https://203.0.114.1/push/${user.userId}`, keys });
  await call(t, user, "PATCH", "/api/push/settings", { wrapUp: true });
  await call(t, user, "POST", "/api/push/test");
  await t.db.kysely.insertInto("pushRemindersSent").values({ userId: user.userId, reminderKey: "wrapup:2026-05-04", sentAt: at }).execute();
  await call(t, user, "POST", "/api/calendar/feed", {});
  const proposals = proposalsService({ kysely: t.db.kysely, dialect: t.dialect, now: () => t.app.now() });
  await proposals.propose(user.userId, "createTasks", [{ kind: "createTask", body: { title: "Proposed task" } }]);
  const kysely = t.db.kysely;
  await kysely
    .insertInto("aiConversations")
    .values({ id: randomUUID(), userId: user.userId, provider: "openai", inputTokens: 10, outputTokens: 20, createdAt: at })
    .execute();
  await kysely
    .insertInto("aiBreakdowns")
    .values({
      id: randomUUID(),
      userId: user.userId,
      goalId: goal.id,
      provider: "openai",
      suggestionsShown: 3,
      inputTokens: 5,
      outputTokens: 6,
      createdAt: at,
    })
    .execute();
  await kysely
    .insertInto("userIdentities")
    .values({ id: randomUUID(), userId: user.userId, issuer: "https://idp.test", subject: user.userId, createdAt: at, lastSignInAt: at })
    .execute();
  const subscriptionId = randomUUID();
  await kysely
    .insertInto("calendarSubscriptions")
    .values({
      id: subscriptionId,
      userId: user.userId,
      name: "Work",
      url: "https://cal.test/work.ics",
      colour: "#2563eb",
      enabled: 1,
      lastSuccessAt: null,
      lastError: null,
      lastErrorAt: null,
      contentHash: null,
      expandedOn: null,
      nextFetchAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await kysely
    .insertInto("calendarEvents")
    .values({
      subscriptionId,
      userId: user.userId,
      id: "standup",
      title: "Stand-up",
      rangeStart: at,
      rangeEnd: at,
      startsAt: at,
      endsAt: at,
      allDay: 0,
      busy: 1,
    })
    .execute();
  await kysely
    .insertInto("rateLimits")
    .values({ key: `ai-minute:${user.userId}`, count: 1, resetAt: at })
    .execute();
}

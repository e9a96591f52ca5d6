// For the cross-user harness (route-harness.test.ts): one factory per route that takes an id,
// keyed by Fastify's route URL. Each creates a resource owned by `owner` and returns its id.
// A route with an id and no factory here fails the harness, so new routes cannot be forgotten.
// A route that validates a body before it looks the resource up also needs a valid body per
// method (return { id, bodies: { PUT: {...} } }), or the second user gets 400 instead of 404.
import { randomUUID } from "node:crypto";
import { aiBreakdownRepository } from "../modules/ai-breakdown/ai-breakdown.repository.ts";
import { proposalsService } from "../modules/ai-proposals/proposals.service.ts";
import type { SignedInUser } from "./sign-in.ts";
import type { TestApp } from "./test-app.ts";

export interface CreatedResource {
  id: string;
  /** Values for the route's other params, by name (each param not listed gets `id`). */
  params?: Record<string, string>;
  /** A valid body for each method that needs one (e.g. PUT, PATCH). */
  bodies?: Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", unknown>>;
}

export type ResourceFactory = (t: TestApp, owner: SignedInUser) => Promise<string | CreatedResource>;

/** An open proposal of the owner's to create one task (stored directly: the harness's app has no AI provider). */
async function ownersProposal(t: TestApp, owner: SignedInUser): Promise<string> {
  const proposals = proposalsService({ kysely: t.db.kysely, dialect: t.dialect, now: () => t.app.now() });
  const proposal = await proposals.propose(owner.userId, "createTasks", [{ kind: "createTask", body: { title: "Proposed task" } }]);
  return proposal.id;
}

async function ownersWebhook(t: TestApp, owner: SignedInUser): Promise<string> {
  const payload = { url: "https://203.0.114.1/hook", events: ["task.created"] };
  const response = await t.app.inject({ method: "POST", url: "/api/webhooks", headers: owner.mutatingHeaders, payload });
  if (response.statusCode !== 201) throw new Error(`creating a webhook failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** An address on a public network that nothing is asked about: the harness never sends. */
async function ownersPushSubscription(t: TestApp, owner: SignedInUser): Promise<string> {
  const payload = {
    endpoint: `https://203.0.114.1/push/${randomUUID()}`,
    keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA", auth: "tBHItJI5svbpez7KI4CCXg" },
  };
  const response = await t.app.inject({ method: "POST", url: "/api/push/subscriptions", headers: owner.mutatingHeaders, payload });
  if (response.statusCode !== 201) throw new Error(`subscribing a device failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** Stored directly: the harness's app reads no calendar address. */
async function ownersCalendar(t: TestApp, owner: SignedInUser): Promise<string> {
  const id = randomUUID();
  const at = t.app.now().toISOString();
  await t.db.kysely
    .insertInto("calendarSubscriptions")
    .values({
      id,
      userId: owner.userId,
      name: "Owned",
      url: "https://calendar.example.test/a.ics",
      colour: "#4f46e5",
      enabled: 1,
      lastSuccessAt: null,
      lastError: null,
      lastErrorAt: null,
      contentHash: null,
      expandedOn: null,
      nextFetchAt: "9999-12-31",
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

export const resourceFactories: Record<string, ResourceFactory> = {
  "/api/ai/proposals/:id": ownersProposal,
  "/api/ai/proposals/:id/apply": async (t, owner) => ({ id: await ownersProposal(t, owner), bodies: { POST: { changeIds: ["c1"] } } }),
  "/api/ai/proposals/:id/dismiss": async (t, owner) => ({ id: await ownersProposal(t, owner), bodies: { POST: {} } }),
  // Undo needs an applied proposal.
  "/api/ai/proposals/:id/undo": async (t, owner) => {
    const id = await ownersProposal(t, owner);
    const proposals = proposalsService({ kysely: t.db.kysely, dialect: t.dialect, now: () => t.app.now() });
    await proposals.apply(owner.userId, id, ["c1"]);
    return { id, bodies: { POST: {} } };
  },
  // A day's insights are found by their date: the owner reads (stores) them, the intruder has none that day.
  "/api/ai/insights/:date/viewed": async (t, owner) => {
    const date = "2026-05-04";
    const response = await t.app.inject({ method: "GET", url: `/api/ai/insights?date=${date}`, headers: owner.headers });
    if (response.statusCode !== 200) throw new Error(`reading insights failed: ${response.statusCode} ${response.body}`);
    return date;
  },
  "/api/weekly-summaries/:id/viewed": async (t, owner) => {
    const response = await t.app.inject({ method: "POST", url: "/api/weekly-summaries/generate", headers: owner.mutatingHeaders });
    if (response.statusCode !== 200) throw new Error(`generating a summary failed: ${response.statusCode} ${response.body}`);
    return response.json().id;
  },
  // A goal breakdown of the owner's goal (recorded directly: the harness's app has no AI provider).
  "/api/ai/breakdowns/:id/tasks": async (t, owner) => {
    const goal = await t.app.inject({
      method: "POST",
      url: "/api/goals",
      headers: owner.mutatingHeaders,
      payload: { title: "Broken-down goal" },
    });
    if (goal.statusCode !== 201) throw new Error(`creating a goal failed: ${goal.statusCode} ${goal.body}`);
    const id = randomUUID();
    await aiBreakdownRepository(t.db.kysely).insertBreakdown(owner.userId, {
      id,
      goalId: goal.json().id,
      provider: "openai",
      suggestionsShown: 3,
      inputTokens: null,
      outputTokens: null,
      createdAt: t.app.now().toISOString(),
    });
    return { id, bodies: { POST: { tasks: [{ title: "Suggested task", estimatedDuration: 30 }] } } };
  },
  "/api/tokens/:id": async (t, owner) => {
    const payload = { name: "Owned token", scope: "read" };
    const response = await t.app.inject({ method: "POST", url: "/api/tokens", headers: owner.mutatingHeaders, payload });
    if (response.statusCode !== 201) throw new Error(`creating a token failed: ${response.statusCode} ${response.body}`);
    return response.json().id;
  },
  "/api/webhooks/:id": async (t, owner) => ({ id: await ownersWebhook(t, owner), bodies: { PATCH: { enabled: false } } }),
  "/api/webhooks/:id/deliveries": ownersWebhook,
  "/api/webhooks/:id/test": ownersWebhook,
  "/api/push/subscriptions/:id": ownersPushSubscription,
  "/api/goals/:id": async (t, owner) => {
    const payload = { title: "Owned goal" };
    const response = await t.app.inject({ method: "POST", url: "/api/goals", headers: owner.mutatingHeaders, payload });
    if (response.statusCode !== 201) throw new Error(`creating a goal failed: ${response.statusCode} ${response.body}`);
    return { id: response.json().id, bodies: { PUT: { title: "Renamed goal" } } };
  },
  // A summary is found by its date: the owner rolls a day over, the intruder has no summary of that day.
  "/api/rollover/summary/:date": async (t, owner) => {
    const date = "2026-05-04";
    const response = await t.app.inject({
      method: "POST",
      url: "/api/rollover/trigger",
      headers: owner.mutatingHeaders,
      payload: { date },
    });
    if (response.statusCode !== 200) throw new Error(`a rollover failed: ${response.statusCode} ${response.body}`);
    return date;
  },
  "/api/calendar/subscriptions/:id": async (t, owner) => ({ id: await ownersCalendar(t, owner), bodies: { PATCH: { name: "Renamed" } } }),
  "/api/calendar/subscriptions/:id/retry": ownersCalendar,
  "/api/tasks/:id": async (t, owner) => {
    const payload = { title: "Owned task" };
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: owner.mutatingHeaders, payload });
    if (response.statusCode !== 201) throw new Error(`creating a task failed: ${response.statusCode} ${response.body}`);
    return { id: response.json().id, bodies: { PATCH: { title: "Renamed task" } } };
  },
  "/api/tasks/:id/checklist": async (t, owner) => ({
    id: await ownersTaskWithStep(t, owner).then(({ id }) => id),
    bodies: { POST: { title: "A step" } },
  }),
  "/api/tasks/:id/checklist/:itemId": async (t, owner) => {
    const { id, itemId } = await ownersTaskWithStep(t, owner);
    return { id, params: { itemId }, bodies: { PATCH: { done: true } } };
  },
};

async function ownersTaskWithStep(t: TestApp, owner: SignedInUser): Promise<{ id: string; itemId: string }> {
  const task = await t.app.inject({ method: "POST", url: "/api/tasks", headers: owner.mutatingHeaders, payload: { title: "Owned task" } });
  const id = task.json().id as string;
  const step = await t.app.inject({
    method: "POST",
    url: `/api/tasks/${id}/checklist`,
    headers: owner.mutatingHeaders,
    payload: { title: "Step" },
  });
  if (step.statusCode !== 201) throw new Error(`adding a step failed: ${step.statusCode} ${step.body}`);
  return { id, itemId: step.json().id };
}

// The AI analytics over breakdowns and chat exchanges, made through the local protocol servers.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { AiProviderName } from "../../../shared/api/ai.ts";
import { aiTestConfig, type ProviderTestServers, startProviderTestServers } from "../../test/ai-test-servers.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const T0 = new Date("2026-05-04T15:00:00.000Z");
const DAY_MS = 86_400_000;
const SUGGESTIONS = Array.from({ length: 4 }, (_, index) => ({
  title: `Step ${index + 1}`,
  description: "A step.",
  estimatedDuration: 30,
  priority: "medium",
}));
const REPLY = JSON.stringify({ tasks: SUGGESTIONS });

describeEachDatabase("AI analytics API", (dialect) => {
  let servers: ProviderTestServers;
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    servers = await startProviderTestServers(REPLY);
    t = await createTestApp(dialect, { now: T0, config: { ai: aiTestConfig(servers) } });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  });
  beforeEach(async () => {
    t.clock.now = T0;
    for (const server of Object.values(servers)) server.reply = REPLY;
    user = await signInTestUser(t.app);
  });

  async function createGoal(owner: SignedInUser): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/goals",
      headers: owner.mutatingHeaders,
      payload: { title: "Run a marathon" },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  async function breakDownOk(owner: SignedInUser, payload: Record<string, unknown>): Promise<{ breakdownId: string }> {
    const response = await t.app.inject({ method: "POST", url: "/api/ai/breakdown-goal", headers: owner.mutatingHeaders, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  function createTasks(owner: SignedInUser, breakdownId: string, tasks: unknown[]) {
    return t.app.inject({
      method: "POST",
      url: `/api/ai/breakdowns/${breakdownId}/tasks`,
      headers: owner.mutatingHeaders,
      payload: { tasks },
    });
  }

  const acceptanceRate = async (owner: SignedInUser, query = "?days=30") => {
    const response = await t.app.inject({ url: `/api/ai/analytics/acceptance-rate${query}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().acceptanceRate as number;
  };
  const history = async (owner: SignedInUser, query = "?days=30") => {
    const response = await t.app.inject({ url: `/api/ai/planning/history${query}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().conversations as Array<Record<string, unknown>>;
  };
  const at = (daysAgo: number) => new Date(T0.getTime() - daysAgo * DAY_MS);

  it("acceptance rate: suggestions created / shown by the breakdowns of the window, 0 with none", async () => {
    expect(await acceptanceRate(user)).toBe(0);
    const goalId = await createGoal(user);
    // From the day before T0, so that the window can move on to T0 while the session's access cookie is still good.
    const dayBefore = new Date(T0.getTime() - DAY_MS);
    const breakdownAt = async (daysAgo: number, created: number) => {
      t.clock.now = new Date(dayBefore.getTime() - daysAgo * DAY_MS);
      const { breakdownId } = await breakDownOk(user, { goalId, provider: "openai" }); // 4 shown
      if (created > 0) {
        const tasks = Array.from({ length: created }, (_, index) => ({ title: `Task ${daysAgo}-${index}`, estimatedDuration: 30 }));
        expect((await createTasks(user, breakdownId, tasks)).statusCode).toBe(201);
      }
      return breakdownId;
    };
    await breakdownAt(45, 4); // outside the 30 days
    await breakdownAt(30, 1); // on the window's first instant: inside
    await breakdownAt(10, 0);
    const latest = await breakdownAt(0, 2);
    t.clock.now = dayBefore;
    expect(await acceptanceRate(user)).toBeCloseTo(3 / 12);
    expect(await acceptanceRate(user, "")).toBeCloseTo(3 / 12); // 30 days by default
    expect(await acceptanceRate(user, "?days=60")).toBeCloseTo(7 / 16);
    expect(await acceptanceRate(user, "?days=1")).toBeCloseTo(2 / 4);

    // A breakdown's created count never passes what it showed.
    expect(
      (
        await createTasks(
          user,
          latest,
          Array.from({ length: 5 }, (_, index) => ({ title: `Extra ${index}` })),
        )
      ).statusCode,
    ).toBe(201);
    expect(await acceptanceRate(user, "?days=1")).toBe(1);

    // The window moves with the clock: a day later the breakdown of 30 days ago has left it.
    t.clock.now = T0;
    expect(await acceptanceRate(user)).toBeCloseTo(4 / 8);
    // Another user's breakdowns do not count.
    expect(await acceptanceRate(await signInTestUser(t.app))).toBe(0);
  });

  it("planning history: the chat exchanges of the window, newest first, with provider and token counts, never their text", async () => {
    const chatAt = async (daysAgo: number, provider: AiProviderName, message: string) => {
      t.clock.now = at(daysAgo);
      servers[provider].reply = `Reply to ${message}`;
      const response = await t.app.inject({
        method: "POST",
        url: "/api/ai/chat",
        headers: user.mutatingHeaders,
        payload: { message, provider },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await chatAt(31, "openai", "Too old question");
    await chatAt(29, "gemini", "Old question");
    await chatAt(0, "claude", "Newest question");
    const other = await signInTestUser(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/ai/chat",
      headers: other.mutatingHeaders,
      payload: { message: "Other's question", provider: "openai" },
    });
    t.clock.now = T0;

    const conversations = await history(user);
    expect(conversations).toEqual([
      { id: expect.any(String), provider: "claude", inputTokens: 10, outputTokens: 5, createdAt: T0.toISOString() },
      { id: expect.any(String), provider: "gemini", inputTokens: 10, outputTokens: 5, createdAt: at(29).toISOString() },
    ]);
    expect(await history(user, "?days=60")).toHaveLength(3);
    expect(JSON.stringify(await history(user, "?days=365"))).not.toMatch(/question/i);
    expect(await history(await signInTestUser(t.app))).toEqual([]);
  });

  it("refuses a days value that is not a whole number from 1 to 365", async () => {
    for (const days of ["0", "366", "abc", "1.5", "-3", ""]) {
      for (const path of ["/api/ai/analytics/acceptance-rate", "/api/ai/planning/history"]) {
        const response = await t.app.inject({ url: `${path}?days=${days}`, headers: user.headers });
        expect(response.statusCode, `${path}?days=${days}`).toBe(400);
        expect(response.json().code).toBe("validation_failed");
      }
    }
  });

  it("refuses callers without a session", async () => {
    for (const path of ["/api/ai/analytics/acceptance-rate", "/api/ai/planning/history"]) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
    }
  });
});

// The assistant's proposals through their routes, on both databases: stored without changing
// anything, applied once in one transaction, undone within the window, expired after 30 minutes.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Proposal, UndoProposalResponse } from "../../../shared/api/ai-proposals.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import type { ProposalOperation } from "./proposal-views.ts";
import { proposalsService } from "./proposals.service.ts";

const T0 = new Date("2026-05-04T09:00:00.000Z");
const MINUTE = 60_000;

describeEachDatabase("assistant proposals API", (dialect) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: T0 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = T0;
    alice = await signInTestUser(t.app, { name: "Alice" });
    bob = await signInTestUser(t.app, { name: "Bob" });
  });

  const service = () => proposalsService({ kysely: t.db.kysely, dialect: t.dialect, now: () => t.app.now() });

  async function createTask(user: SignedInUser, payload: Record<string, unknown>): Promise<Task> {
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: user.mutatingHeaders, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function tasksOf(user: SignedInUser, date: string): Promise<Task[]> {
    const response = await t.app.inject({ url: `/api/tasks?date=${date}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const post = (user: SignedInUser, url: string, payload: unknown = {}) =>
    t.app.inject({ method: "POST", url, headers: user.mutatingHeaders, payload: payload as object });
  const apply = (user: SignedInUser, proposal: Proposal, changeIds = proposal.changes.map((change) => change.id)) =>
    post(user, `/api/ai/proposals/${proposal.id}/apply`, { changeIds });
  const undo = (user: SignedInUser, proposal: Proposal) => post(user, `/api/ai/proposals/${proposal.id}/undo`);
  const dataVersion = async (user: SignedInUser) =>
    (await t.db.kysely.selectFrom("users").select("dataVersion").where("id", "=", user.userId).executeTakeFirstOrThrow()).dataVersion;
  const countProposals = async (user: SignedInUser) =>
    (await t.db.kysely.selectFrom("aiProposals").select("id").where("userId", "=", user.userId).execute()).length;

  /** "Move the report to tomorrow and add 'Call the bank' at 3 pm". */
  async function moveAndCreate(user: SignedInUser): Promise<{ report: Task; proposal: Proposal }> {
    const report = await createTask(user, { title: "Write the report", date: "2026-05-04", estimatedDuration: 60 });
    const operations: ProposalOperation[] = [
      { kind: "updateTask", taskId: report.id, body: { date: "2026-05-05" } },
      { kind: "createTask", body: { title: "Call the bank", date: "2026-05-04", scheduledStartTime: "15:00" } },
    ];
    return { report, proposal: await service().propose(user.userId, "create_tasks", operations) };
  }

  it("proposes steps for a task's checklist, shows them, adds them on apply and takes them away on undo", async () => {
    const trip = await createTask(alice, { title: "Pack for the trip", date: "2026-05-04" });
    await post(alice, `/api/tasks/${trip.id}/checklist`, { title: "Passport" });
    const operations: ProposalOperation[] = [
      { kind: "updateTask", taskId: trip.id, body: { addChecklistItems: ["Charger", "Rain jacket"] } },
    ];
    const proposal = await service().propose(alice.userId, "add_checklist_items", operations);
    expect(proposal.changes[0]).toMatchObject({
      before: { title: "Pack for the trip", steps: ["Passport"] },
      after: { title: "Pack for the trip", steps: ["Passport", "Charger", "Rain jacket"] },
    });
    expect((await tasksOf(alice, "2026-05-04"))[0]!.checklist).toHaveLength(1);
    expect((await apply(alice, proposal)).statusCode).toBe(200);
    const [applied] = await tasksOf(alice, "2026-05-04");
    expect(applied!.checklist.map((item) => [item.title, item.done, item.position])).toEqual([
      ["Passport", false, 0],
      ["Charger", false, 1],
      ["Rain jacket", false, 2],
    ]);
    expect((await undo(alice, proposal)).statusCode).toBe(200);
    expect((await tasksOf(alice, "2026-05-04"))[0]!.checklist.map((item) => item.title)).toEqual(["Passport"]);
  });

  it("stores a proposal with before/after views and changes nothing until it is applied", async () => {
    const versionBefore = await dataVersion(alice);
    const { proposal } = await moveAndCreate(alice);
    expect(proposal).toMatchObject({ status: "open", summary: "Move 1 task, create 1 task", warning: null, appliedChangeIds: [] });
    expect(proposal.changes[0]).toMatchObject({
      kind: "updateTask",
      before: { title: "Write the report", date: "2026-05-04", status: "todo" },
      after: { title: "Write the report", date: "2026-05-05" },
    });
    expect(proposal.changes[1]).toMatchObject({ kind: "createTask", taskId: null, before: null, after: { scheduledStartTime: "15:00" } });
    expect(new Date(proposal.expiresAt).getTime() - T0.getTime()).toBe(30 * MINUTE);
    expect(await dataVersion(alice)).toBe(versionBefore + 1); // the task creation only
    expect((await tasksOf(alice, "2026-05-04")).map((task) => task.title)).toEqual(["Write the report"]);

    const read = await t.app.inject({ url: `/api/ai/proposals/${proposal.id}`, headers: alice.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().proposal).toEqual(proposal);
  });

  it("answers another user's proposal 404 for every route, and changes nothing", async () => {
    const { proposal } = await moveAndCreate(alice);
    const read = await t.app.inject({ url: `/api/ai/proposals/${proposal.id}`, headers: bob.headers });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: "Proposal not found", code: "not_found" });
    for (const action of ["apply", "dismiss", "undo"]) {
      const body = action === "apply" ? { changeIds: ["c1"] } : {};
      expect((await post(bob, `/api/ai/proposals/${proposal.id}/${action}`, body)).statusCode).toBe(404);
    }
    expect((await service().getProposal(alice.userId, proposal.id)).status).toBe("open");
  });

  it("refuses to propose on another user's task or goal, or an unknown id: nothing is stored", async () => {
    const bobsTask = await createTask(bob, { title: "Bob's task", date: "2026-05-04" });
    const attempts: ProposalOperation[][] = [
      [{ kind: "deleteTask", taskId: bobsTask.id }],
      [{ kind: "updateTask", taskId: "00000000-0000-4000-8000-000000000000", body: { title: "x" } }],
      [{ kind: "createTask", body: { title: "Linked", goalId: "00000000-0000-4000-8000-000000000001" } }],
    ];
    for (const operations of attempts) {
      await expect(service().propose(alice.userId, "delete_tasks", operations)).rejects.toMatchObject({ code: "not_found" });
    }
    expect(await countProposals(alice)).toBe(0);
    expect(await tasksOf(bob, "2026-05-04")).toHaveLength(1);
  });

  it("applies in one step: the changes, the data version, applied with 10 minutes of undo", async () => {
    const { report, proposal } = await moveAndCreate(alice);
    const versionBefore = await dataVersion(alice);
    const response = await apply(alice, proposal);
    expect(response.statusCode, response.body).toBe(200);
    const applied: Proposal = response.json().proposal;
    expect(applied).toMatchObject({ status: "applied", appliedChangeIds: ["c1", "c2"], appliedAt: T0.toISOString() });
    expect(new Date(applied.undoUntil!).getTime() - T0.getTime()).toBe(10 * MINUTE);
    expect(await dataVersion(alice)).toBeGreaterThan(versionBefore);
    const today = await tasksOf(alice, "2026-05-04");
    expect(today.map((task) => task.title)).toEqual(["Call the bank"]);
    expect(applied.changes[1]!.taskId).toBe(today[0]!.id);
    expect((await tasksOf(alice, "2026-05-05")).map((task) => task.id)).toEqual([report.id]);
  });

  it("applies only the ticked changes, and refuses a change id of no such change", async () => {
    const { proposal } = await moveAndCreate(alice);
    const bad = await apply(alice, proposal, ["c9"]);
    expect(bad.statusCode).toBe(400);
    expect((await apply(alice, proposal, [])).statusCode).toBe(400);
    const response = await apply(alice, proposal, ["c2"]);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tasksOf(alice, "2026-05-04")).map((task) => task.title).sort()).toEqual(["Call the bank", "Write the report"]);
  });

  it("is applied at most once: parallel applies make one write, the others answer 409 with its state", async () => {
    const { proposal } = await moveAndCreate(alice);
    const responses = await Promise.all(Array.from({ length: 6 }, () => apply(alice, proposal)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: "proposal_closed", proposal: { id: proposal.id, status: "applied" } });
    expect((await tasksOf(alice, "2026-05-04")).filter((task) => task.title === "Call the bank")).toHaveLength(1);
    // A replay later is refused the same way.
    expect((await apply(alice, proposal)).json().code).toBe("proposal_closed");
  });

  it("expires after 30 minutes: shown expired, apply answers 409 proposal_expired", async () => {
    const { proposal } = await moveAndCreate(alice);
    t.clock.advance(30 * MINUTE);
    const read = await t.app.inject({ url: `/api/ai/proposals/${proposal.id}`, headers: alice.headers });
    expect(read.json().proposal.status).toBe("expired");
    const response = await apply(alice, proposal);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "proposal_expired", proposal: { status: "expired" } });
    expect((await tasksOf(alice, "2026-05-04")).map((task) => task.title)).toEqual(["Write the report"]);
  });

  it("dismisses: nothing changes, and it can no longer be applied", async () => {
    const { proposal } = await moveAndCreate(alice);
    const response = await post(alice, `/api/ai/proposals/${proposal.id}/dismiss`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().proposal.status).toBe("dismissed");
    expect((await apply(alice, proposal)).json()).toMatchObject({ code: "proposal_closed", proposal: { status: "dismissed" } });
    expect((await post(alice, `/api/ai/proposals/${proposal.id}/dismiss`, { extra: 1 })).statusCode).toBe(400);
  });

  it("undoes every change in one step: moved back, created deleted, deleted restored with its id, goal counts kept", async () => {
    const goal = (
      await post(alice, "/api/goals", { title: "Ship the product" }).then((response) => response.json() as Promise<{ id: string }>)
    ).id;
    const done = await createTask(alice, { title: "Done thing", date: "2026-05-04", goalId: goal });
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${done.id}`, headers: alice.mutatingHeaders, payload: { status: "done" } });
    const doomed = await createTask(alice, { title: "Old idea", date: "2026-05-04", goalId: goal, estimatedDuration: 45 });
    const report = await createTask(alice, { title: "Write the report", date: "2026-05-04", goalId: goal });
    const before = await tasksOf(alice, "2026-05-04");
    const proposal = await service().propose(alice.userId, "plan_day", [
      { kind: "updateTask", taskId: report.id, body: { date: "2026-05-05", status: "done" } },
      { kind: "deleteTask", taskId: doomed.id },
      { kind: "createTask", body: { title: "Call the bank", date: "2026-05-04", goalId: goal } },
      { kind: "createGoal", body: { title: "Learn Spanish", description: null, targetDate: null, status: "active" } },
    ]);
    expect(proposal.warning).toContain("Deletes 1 task");
    expect((await apply(alice, proposal)).statusCode).toBe(200);
    t.clock.advance(MINUTE);

    const response = await undo(alice, proposal);
    expect(response.statusCode, response.body).toBe(200);
    const undone: UndoProposalResponse = response.json();
    expect(undone).toMatchObject({ proposal: { status: "undone", undoUntil: null }, skipped: [] });
    expect(await tasksOf(alice, "2026-05-04")).toEqual(before);
    expect(await tasksOf(alice, "2026-05-05")).toEqual([]);
    const goals = (await t.app.inject({ url: "/api/goals", headers: alice.headers })).json() as Array<Record<string, unknown>>;
    expect(goals.map((entry) => entry.title)).toEqual(["Ship the product"]);
    expect(goals[0]).toMatchObject({ totalTasksCount: 3, completedTasksCount: 1 });
    // Found again by search: the restored task has its words back.
    const search = await t.app.inject({ url: "/api/tasks/search?q=old%20idea", headers: alice.headers });
    expect(search.json().map((task: Task) => task.id)).toEqual([doomed.id]);

    expect((await undo(alice, proposal)).json()).toMatchObject({ code: "proposal_closed", proposal: { status: "undone" } });
  });

  it("undo leaves a task changed since as it is and says so, restoring the rest", async () => {
    const { report, proposal } = await moveAndCreate(alice);
    const applied: Proposal = (await apply(alice, proposal)).json().proposal;
    t.clock.advance(MINUTE);
    const created = applied.changes[1]!.taskId!;
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${created}`,
      headers: alice.mutatingHeaders,
      payload: { title: "Call the bank about the loan" },
    });
    expect(edit.statusCode).toBe(200);
    const response = await undo(alice, proposal);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().skipped).toEqual([{ changeId: "c2", title: "Call the bank", reason: "changed since" }]);
    expect((await tasksOf(alice, "2026-05-04")).map((task) => task.title).sort()).toEqual([
      "Call the bank about the loan",
      "Write the report",
    ]);
    expect((await tasksOf(alice, "2026-05-04")).find((task) => task.id === report.id)?.date).toBe("2026-05-04");
  });

  it("offers undo for 10 minutes only, and only for an applied proposal", async () => {
    const { proposal } = await moveAndCreate(alice);
    expect((await undo(alice, proposal)).json().code).toBe("proposal_closed");
    await apply(alice, proposal);
    t.clock.advance(10 * MINUTE);
    const response = await undo(alice, proposal);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "undo_expired", proposal: { status: "applied", undoUntil: null } });
    expect((await service().getProposal(alice.userId, proposal.id)).undoUntil).toBeNull();
  });

  it("refuses to apply when a task of it was deleted since, changing nothing", async () => {
    const { report, proposal } = await moveAndCreate(alice);
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${report.id}`, headers: alice.mutatingHeaders });
    const response = await apply(alice, proposal);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("conflict");
    expect(await tasksOf(alice, "2026-05-04")).toEqual([]);
    expect((await service().getProposal(alice.userId, proposal.id)).status).toBe("open");
  });

  it("undoing a deleted occurrence of a series puts it back as that day's occurrence", async () => {
    const first = await createTask(alice, { title: "Stretch", date: "2026-05-04", recurrence: "FREQ=DAILY" });
    const [tomorrows] = await tasksOf(alice, "2026-05-05");
    const proposal = await service().propose(alice.userId, "delete_tasks", [{ kind: "deleteTask", taskId: tomorrows!.id }]);
    expect((await apply(alice, proposal)).statusCode).toBe(200);
    expect(await tasksOf(alice, "2026-05-05")).toEqual([]);

    expect((await undo(alice, proposal)).json().skipped).toEqual([]);
    expect(await tasksOf(alice, "2026-05-05")).toEqual([expect.objectContaining({ id: tomorrows!.id, seriesId: first.seriesId })]);
    // An edit from an earlier day on finds it as its series' occurrence, not a lone task.
    const edited = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${first.id}`,
      headers: alice.mutatingHeaders,
      payload: { title: "Stretch well", scope: "future" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await tasksOf(alice, "2026-05-05")).map((task) => task.title)).toEqual(["Stretch well"]);
  });

  it("undoing the deletion of two occurrences of one series puts both back on their days, neither skipped", async () => {
    await createTask(alice, { title: "Stretch", date: "2026-05-04", recurrence: "FREQ=DAILY" });
    const [second] = await tasksOf(alice, "2026-05-05");
    const [third] = await tasksOf(alice, "2026-05-06");
    const proposal = await service().propose(alice.userId, "delete_tasks", [
      { kind: "deleteTask", taskId: second!.id },
      { kind: "deleteTask", taskId: third!.id },
    ]);
    const skippedDays = async () =>
      (await t.db.kysely.selectFrom("taskSeries").select("skippedDays").where("id", "=", second!.seriesId!).executeTakeFirstOrThrow())
        .skippedDays;
    expect((await apply(alice, proposal)).statusCode).toBe(200);
    expect(await skippedDays()).toBe("2026-05-05,2026-05-06");

    expect((await undo(alice, proposal)).json().skipped).toEqual([]);
    expect(await skippedDays()).toBe("");
    expect(await tasksOf(alice, "2026-05-05")).toEqual([second]);
    expect(await tasksOf(alice, "2026-05-06")).toEqual([third]);
  });

  it("undoing a rename gives the task its old title back, and search finds it by that title only", async () => {
    const report = await createTask(alice, { title: "Write the report", date: "2026-05-04" });
    const proposal = await service().propose(alice.userId, "plan_day", [
      { kind: "updateTask", taskId: report.id, body: { title: "Draft the summary" } },
    ]);
    expect((await apply(alice, proposal)).statusCode).toBe(200);
    expect((await undo(alice, proposal)).json().skipped).toEqual([]);
    const search = async (q: string) =>
      ((await t.app.inject({ url: `/api/tasks/search?q=${q}`, headers: alice.headers })).json() as Task[]).map((task) => task.title);
    expect(await search("report")).toEqual(["Write the report"]);
    expect(await search("summary")).toEqual([]);
  });
});

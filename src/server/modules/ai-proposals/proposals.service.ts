// The assistant's proposals (decision 033): stored by a write tool, applied by the user in one
// transaction through the tasks and goals services, undone within UNDO_WINDOW_MINUTES.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  PROPOSAL_LIFETIME_MINUTES,
  PROPOSAL_MAX_CHANGES,
  type Proposal,
  type UndoProposalResponse,
  UNDO_WINDOW_MINUTES,
} from "../../../shared/api/ai-proposals.ts";
import type { Task, UpdateTaskBody } from "../../../shared/api/tasks.ts";
import { AppError, notFound } from "../../app-error.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { writeUserData } from "../../db/user-data.ts";
import { goalsService } from "../goals/goals.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import {
  type ProposalOperation,
  proposalWarning,
  type StoredChange,
  summarize,
  taskFingerprint,
  taskView,
  viewAfterUpdate,
  viewOfNewTask,
} from "./proposal-views.ts";
import { type ProposalRow, proposalsRepository } from "./proposals.repository.ts";

const PROPOSAL_CHANGES: readonly ChangeKind[] = ["tasks", "goals"];

export interface ProposalsServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

interface UndoEntry {
  changeId: string;
  kind: StoredChange["kind"];
  taskId?: string;
  goalId?: string;
  before?: Task;
  /** A deleted series occurrence's day, so that undo puts it back in its series. */
  occurrenceDate?: string | null;
  /** taskFingerprint of the task as apply wrote it; the goal's updatedAt for a created goal. */
  written?: string;
}

const MINUTE_MS = 60_000;
const proposalNotFound = () => notFound("Proposal");

function parseChanges(row: ProposalRow): StoredChange[] {
  return JSON.parse(row.changes) as StoredChange[];
}

function statusAt(row: ProposalRow, at: Date): Proposal["status"] {
  return row.status === "open" && row.expiresAt <= at.toISOString() ? "expired" : row.status;
}

export function toProposal(row: ProposalRow, at: Date): Proposal {
  const status = statusAt(row, at);
  return {
    id: row.id,
    tool: row.tool,
    summary: row.summary,
    status,
    warning: row.warning,
    changes: parseChanges(row).map(({ operation: _operation, ...change }) => change),
    appliedChangeIds: JSON.parse(row.appliedChangeIds) as string[],
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    appliedAt: row.appliedAt,
    // null once Undo is no longer offered, so that a card needs no clock of its own to hide it.
    undoUntil: status === "applied" && row.undoUntil !== null && row.undoUntil > at.toISOString() ? row.undoUntil : null,
  };
}

function notOpen(row: ProposalRow, at: Date): AppError {
  const proposal = toProposal(row, at);
  return proposal.status === "expired"
    ? new AppError("proposal_expired", "This proposal expired; ask the assistant again", { details: { proposal } })
    : new AppError("proposal_closed", `This proposal was already ${proposal.status}`, { details: { proposal } });
}

function staleChange(): AppError {
  return new AppError("conflict", "A task or goal of this proposal was deleted since it was proposed; nothing was changed");
}

export function proposalsService({ kysely, dialect, now }: ProposalsServiceDeps) {
  const tasks = tasksService({ kysely, dialect, now });
  const goals = goalsService({ kysely, dialect, now });

  async function findRow(userId: string, id: string, db: Kysely<Database> = kysely): Promise<ProposalRow> {
    const row = await proposalsRepository(db).find(userId, id);
    if (!row) throw proposalNotFound();
    return row;
  }

  /** Another user's or an unknown id is a 404, as the REST routes answer, and nothing is stored. */
  async function describe(userId: string, operations: readonly ProposalOperation[], known: readonly Task[]): Promise<StoredChange[]> {
    const taskIds = operations.flatMap((operation) => ("taskId" in operation ? [operation.taskId] : []));
    if (new Set(taskIds).size !== taskIds.length) {
      throw new AppError("validation_failed", "A task may appear only once in a proposal");
    }
    const goalIds = operations.flatMap((operation) =>
      operation.kind === "createTask" || operation.kind === "updateTask" ? (operation.body.goalId ? [operation.body.goalId] : []) : [],
    );
    const taskById = new Map(known.map((task) => [task.id, task]));
    const unread = taskIds.filter((taskId) => !taskById.has(taskId));
    const [found, userGoals] = await Promise.all([
      tasks.findTasks(userId, unread),
      goalIds.length > 0 ? goals.listGoals(userId) : Promise.resolve([]),
    ]);
    for (const task of found) taskById.set(task.id, task);
    const goalTitles = new Map(userGoals.map((goal) => [goal.id, goal.title]));
    const missingGoal = goalIds.find((goalId) => !goalTitles.has(goalId));
    if (missingGoal !== undefined) throw notFound("Goal");
    const goalTitleOf = (goalId: string) => goalTitles.get(goalId) ?? null;

    return operations.map((operation, index): StoredChange => {
      const id = `c${index + 1}`;
      switch (operation.kind) {
        case "createTask": {
          const goalTitle = operation.body.goalId ? goalTitleOf(operation.body.goalId) : null;
          return {
            id,
            kind: "createTask",
            taskId: null,
            goal: null,
            before: null,
            after: viewOfNewTask(operation.body, goalTitle),
            operation,
          };
        }
        case "createGoal":
          return {
            id,
            kind: "createGoal",
            taskId: null,
            goal: { title: operation.body.title, targetDate: operation.body.targetDate },
            before: null,
            after: null,
            operation,
          };
        case "updateTask":
        case "deleteTask": {
          const task = taskById.get(operation.taskId);
          if (!task) throw notFound("Task");
          const adds = operation.kind === "updateTask" && operation.body.addChecklistItems !== undefined;
          const before = { ...taskView(task), ...(adds ? { steps: task.checklist.map((item) => item.title) } : {}) };
          const after = operation.kind === "updateTask" ? viewAfterUpdate(before, operation.body, goalTitleOf) : null;
          return { id, kind: operation.kind, taskId: task.id, goal: null, before, after, operation };
        }
      }
    });
  }

  return {
    /** With `reuseOpen`, the same changes asked again answer the open proposal that has them (a plan asked twice). */
    async propose(
      userId: string,
      tool: string,
      operations: readonly ProposalOperation[],
      // The user's tasks the caller has just read, described as they are rather than read again.
      options: { reuseOpen?: boolean; knownTasks?: readonly Task[] } = {},
    ): Promise<Proposal> {
      if (operations.length === 0) throw new AppError("validation_failed", "A proposal needs at least one change");
      if (operations.length > PROPOSAL_MAX_CHANGES) {
        throw new AppError("validation_failed", `A proposal may hold at most ${PROPOSAL_MAX_CHANGES} changes`);
      }
      const changes = await describe(userId, operations, options.knownTasks ?? []);
      const at = now();
      if (options.reuseOpen) {
        const open = await proposalsRepository(kysely).findOpenAlike(userId, tool, JSON.stringify(changes), at.toISOString());
        if (open) return toProposal(open, at);
      }
      const row: ProposalRow = {
        id: randomUUID(),
        userId,
        tool,
        status: "open",
        summary: summarize(changes),
        warning: proposalWarning(changes),
        changes: JSON.stringify(changes),
        changeCount: changes.length,
        appliedChangeIds: "[]",
        undoSnapshot: null,
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + PROPOSAL_LIFETIME_MINUTES * MINUTE_MS).toISOString(),
        appliedAt: null,
        undoUntil: null,
        closedAt: null,
      };
      const {
        userId: _owner,
        appliedChangeIds: _ids,
        undoSnapshot: _snapshot,
        appliedAt: _a,
        undoUntil: _u,
        closedAt: _c,
        ...fields
      } = row;
      await proposalsRepository(kysely).insert(userId, fields);
      return toProposal(row, at);
    },

    async getProposal(userId: string, id: string): Promise<Proposal> {
      return toProposal(await findRow(userId, id), now());
    },

    async dismiss(userId: string, id: string): Promise<Proposal> {
      const at = now();
      const row = await findRow(userId, id);
      if (statusAt(row, at) !== "open" || !(await proposalsRepository(kysely).close(userId, id, "dismissed", at.toISOString()))) {
        throw notOpen(await findRow(userId, id), at);
      }
      return toProposal(await findRow(userId, id), at);
    },

    /** The proposal leaves 'open' conditionally in the same transaction: applied at most once, whatever the clicks or replays. */
    async apply(userId: string, id: string, changeIds: readonly string[]): Promise<Proposal> {
      const at = now();
      const row = await findRow(userId, id);
      if (statusAt(row, at) !== "open") throw notOpen(row, at);
      const stored = parseChanges(row);
      const unknown = changeIds.filter((changeId) => !stored.some((change) => change.id === changeId));
      if (unknown.length > 0)
        throw new AppError("validation_failed", `Invalid body: changeIds: ${unknown.join(", ")} not in this proposal`);
      const chosen = stored.filter((change) => changeIds.includes(change.id));
      const undoUntil = new Date(at.getTime() + UNDO_WINDOW_MINUTES * MINUTE_MS).toISOString();

      await writeUserData(kysely, userId, PROPOSAL_CHANGES, async (trx) => {
        const claimed = await proposalsRepository(trx).claimForApply(userId, id, at.toISOString(), {
          appliedChangeIds: JSON.stringify(chosen.map((change) => change.id)),
          undoUntil,
        });
        if (!claimed) throw notOpen(await findRow(userId, id, trx), at);
        const inTransaction = { tasks: tasksService({ kysely: trx, dialect, now }), goals: goalsService({ kysely: trx, dialect, now }) };
        const entries: UndoEntry[] = [];
        const touchedIds = chosen.flatMap((change) => (change.taskId ? [change.taskId] : []));
        const before = new Map((await inTransaction.tasks.findTasks(userId, touchedIds)).map((task) => [task.id, task]));
        try {
          const deleted = await inTransaction.tasks.deleteTasks(
            userId,
            chosen.flatMap(({ operation }) => (operation.kind === "deleteTask" ? [operation.taskId] : [])),
          );
          const updates: { taskId: string; body: UpdateTaskBody }[] = [];
          for (const change of chosen) {
            const { operation } = change;
            if (operation.kind === "createGoal") {
              const goal = await inTransaction.goals.createGoal(userId, operation.body);
              entries.push({ changeId: change.id, kind: change.kind, goalId: goal.id, written: goal.updatedAt });
            } else if (operation.kind === "updateTask" || operation.kind === "deleteTask") {
              const task = before.get(operation.taskId);
              if (!task) throw staleChange();
              const entry: UndoEntry = { changeId: change.id, kind: change.kind, taskId: task.id, before: task };
              if (operation.kind === "updateTask") updates.push(operation);
              else if (task.seriesId) entry.occurrenceDate = deleted.get(task.id) ?? null;
              entries.push(entry);
            }
          }
          await inTransaction.tasks.updateTasks(userId, updates);
          const creations = chosen.filter((change) => change.operation.kind === "createTask");
          const created = await inTransaction.tasks.createTasks(
            userId,
            creations.map((change) => (change.operation as Extract<ProposalOperation, { kind: "createTask" }>).body),
          );
          creations.forEach((change, index) => {
            change.taskId = created[index]!.id;
            entries.push({ changeId: change.id, kind: change.kind, taskId: change.taskId });
          });
        } catch (error) {
          throw error instanceof AppError && error.code === "not_found" ? staleChange() : error;
        }
        // The tasks as written, so that undo can tell those someone changed since.
        const written = await inTransaction.tasks.findTasks(
          userId,
          entries.flatMap((entry) => (entry.taskId && entry.kind !== "deleteTask" ? [entry.taskId] : [])),
        );
        for (const task of written) {
          const entry = entries.find((candidate) => candidate.taskId === task.id)!;
          entry.written = taskFingerprint(task);
        }
        await proposalsRepository(trx).storeApplied(userId, id, { changes: JSON.stringify(stored), undoSnapshot: JSON.stringify(entries) });
      });
      return toProposal(await findRow(userId, id), at);
    },

    /** A task changed or deleted since apply is left as it is and listed in `skipped`. */
    async undo(userId: string, id: string): Promise<UndoProposalResponse> {
      const at = now();
      const row = await findRow(userId, id);
      if (row.status !== "applied") throw notOpen(row, at);
      if (row.undoUntil === null || row.undoUntil <= at.toISOString()) {
        throw new AppError("undo_expired", `Undo is offered for ${UNDO_WINDOW_MINUTES} minutes after apply`, {
          details: { proposal: toProposal(row, at) },
        });
      }
      const changes = new Map(parseChanges(row).map((change) => [change.id, change]));
      const entries = (JSON.parse(row.undoSnapshot ?? "[]") as UndoEntry[]).reverse();
      const skipped: UndoProposalResponse["skipped"] = [];

      await writeUserData(kysely, userId, PROPOSAL_CHANGES, async (trx) => {
        if (!(await proposalsRepository(trx).claimForUndo(userId, id, at.toISOString()))) {
          throw notOpen(await findRow(userId, id, trx), at);
        }
        const inTransaction = { tasks: tasksService({ kysely: trx, dialect, now }), goals: goalsService({ kysely: trx, dialect, now }) };
        const taskIds = entries.flatMap((entry) => (entry.taskId ? [entry.taskId] : []));
        const current = new Map((await inTransaction.tasks.findTasks(userId, taskIds)).map((task) => [task.id, task]));
        const titleOf = (entry: UndoEntry) => {
          const change = changes.get(entry.changeId);
          return entry.before?.title ?? change?.after?.title ?? change?.goal?.title ?? "";
        };
        const skip = (entry: UndoEntry, reason: string) => skipped.push({ changeId: entry.changeId, title: titleOf(entry), reason });

        const restores: { snapshot: Task; occurrenceDate?: string | null }[] = [];
        const removals: string[] = [];
        for (const entry of entries) {
          if (entry.kind === "createGoal") continue;
          const task = current.get(entry.taskId!);
          if (entry.kind === "deleteTask") {
            if (task) skip(entry, "exists again");
            else restores.push({ snapshot: entry.before!, occurrenceDate: entry.occurrenceDate ?? null });
          } else if (!task) skip(entry, "deleted since");
          else if (taskFingerprint(task) !== entry.written) skip(entry, "changed since");
          else if (entry.kind === "createTask") removals.push(task.id);
          else restores.push({ snapshot: entry.before! });
        }
        await inTransaction.tasks.deleteTasks(userId, removals);
        await inTransaction.tasks.restoreTasks(userId, restores);
        for (const entry of entries) {
          if (entry.kind !== "createGoal") continue;
          const goal = await inTransaction.goals.getGoal(userId, entry.goalId!).catch(() => undefined);
          if (!goal) skip(entry, "deleted since");
          else if (goal.updatedAt !== entry.written) skip(entry, "changed since");
          else if (goal.totalTasksCount > 0) skip(entry, "has tasks since");
          else await inTransaction.goals.deleteGoal(userId, goal.id);
        }
      });
      const order = new Map(entries.map((entry, index) => [entry.changeId, index]));
      skipped.sort((a, b) => order.get(b.changeId)! - order.get(a.changeId)!);
      return { proposal: toProposal(await findRow(userId, id), at), skipped };
    },
  };
}

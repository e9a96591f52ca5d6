import type { Proposal, ProposalChange, ProposalTaskView } from "../../../../shared/api/ai-proposals.ts";

export const TODAY = "2026-03-02";
export const TOMORROW = "2026-03-03";
export const NOW = new Date("2026-03-02T10:00:00Z");

export function taskView(overrides: Partial<ProposalTaskView> = {}): ProposalTaskView {
  return {
    title: "Write the report",
    date: TODAY,
    scheduledStartTime: "09:00",
    status: "todo",
    estimatedDuration: null,
    goalTitle: null,
    ...overrides,
  };
}

export const MOVE_REPORT: ProposalChange = {
  id: "c1",
  kind: "updateTask",
  taskId: "t1",
  goal: null,
  before: taskView(),
  after: taskView({ date: TOMORROW }),
};

export const ADD_CALL: ProposalChange = {
  id: "c2",
  kind: "createTask",
  taskId: null,
  goal: null,
  before: null,
  after: taskView({ title: "Call the bank", scheduledStartTime: "15:00" }),
};

export const DELETE_REPORT: ProposalChange = { id: "c3", kind: "deleteTask", taskId: "t1", goal: null, before: taskView(), after: null };

/** An open proposal made at NOW, with a 30-minute lifetime. */
export function proposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: "p1",
    tool: "planDay",
    summary: "Move 1 task, create 1 task",
    status: "open",
    warning: null,
    changes: [MOVE_REPORT, ADD_CALL],
    appliedChangeIds: [],
    createdAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
    appliedAt: null,
    undoUntil: null,
    ...overrides,
  };
}

/** The proposal as apply answers it: the given changes written, Undo for 10 minutes. */
export function applied(base: Proposal, changeIds = base.changes.map((change) => change.id)): Proposal {
  return {
    ...base,
    status: "applied",
    appliedChangeIds: changeIds,
    appliedAt: NOW.toISOString(),
    undoUntil: new Date(NOW.getTime() + 10 * 60_000).toISOString(),
  };
}

// The assistant's proposals: changes a model's write tool asks for, written only when the user applies them.
import { z } from "zod";
import { createGoalBodySchema } from "./goals.ts";
import { createTaskBodySchema, taskStatusSchema, updateTaskBodySchema } from "./tasks.ts";
import { idSchema } from "./text.ts";

export const PROPOSAL_LIFETIME_MINUTES = 30;
export const UNDO_WINDOW_MINUTES = 10;
/** A proposal touching more tasks than this is shown with a warning, as any delete is. */
export const PROPOSAL_WARNING_TASKS = 10;
export const PROPOSAL_MAX_CHANGES = 50;

export const proposalStatuses = ["open", "applied", "undone", "dismissed", "expired"] as const;
export const proposalStatusSchema = z.enum(proposalStatuses);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

export const proposalChangeKinds = ["createTask", "updateTask", "deleteTask", "createGoal"] as const;

/** What a card shows of a task on each side of a change. */
export const proposalTaskViewSchema = z.object({
  title: z.string(),
  date: z.string().nullable(),
  scheduledStartTime: z.string().nullable(),
  status: taskStatusSchema,
  estimatedDuration: z.number().nullable(),
  goalTitle: z.string().nullable(),
});
export type ProposalTaskView = z.infer<typeof proposalTaskViewSchema>;

/** One change of a proposal: before is null for a creation, after is null for a delete. */
export const proposalChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(proposalChangeKinds),
  /** The task changed or deleted; for a creation, the task's id once applied. */
  taskId: z.string().nullable(),
  /** createGoal: the new goal's title and target date. */
  goal: z.object({ title: z.string(), targetDate: z.string().nullable() }).nullable(),
  before: proposalTaskViewSchema.nullable(),
  after: proposalTaskViewSchema.nullable(),
});
export type ProposalChange = z.infer<typeof proposalChangeSchema>;

export const proposalSchema = z.object({
  id: z.string(),
  /** The write tool the model called (createTasks, updateTask, moveTasks, completeTasks, deleteTasks, createGoal, planDay). */
  tool: z.string(),
  /** A one-line summary kept in the chat history ("Move 1 task, create 1 task"). */
  summary: z.string(),
  status: proposalStatusSchema,
  /** Set for deletes and for proposals touching more than PROPOSAL_WARNING_TASKS tasks. */
  warning: z.string().nullable(),
  changes: z.array(proposalChangeSchema),
  /** The changes applied (a subset when the user unticked some); empty until applied. */
  appliedChangeIds: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  appliedAt: z.string().nullable(),
  /** Until when Undo is offered; null before apply and after undo. */
  undoUntil: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalIdParamsSchema = z.object({ id: idSchema });

/** POST /api/ai/proposals/{id}/apply: the ticked changes, at least one, all of this proposal. */
export const applyProposalBodySchema = z
  .object({ changeIds: z.array(z.string().max(64)).min(1, { error: "choose at least one change" }).max(PROPOSAL_MAX_CHANGES) })
  .strict();
export type ApplyProposalBody = z.infer<typeof applyProposalBodySchema>;

/** apply, dismiss and GET answer the proposal as it is now. */
export const proposalResponseSchema = z.object({ proposal: proposalSchema });
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;

/** POST /api/ai/proposals/{id}/undo: what was restored, and the tasks changed since that were left as they are. */
export const undoProposalResponseSchema = z.object({
  proposal: proposalSchema,
  skipped: z.array(z.object({ changeId: z.string(), title: z.string(), reason: z.string() })),
});
export type UndoProposalResponse = z.infer<typeof undoProposalResponseSchema>;

/** What the write tools accept from the model, checked as the REST routes check their bodies. */
export const proposedTaskSchema = createTaskBodySchema.omit({ status: true, position: true });
export const proposedTaskUpdateSchema = updateTaskBodySchema;
export const proposedGoalSchema = createGoalBodySchema;

export const proposalErrorCodes = ["proposal_expired", "proposal_closed", "undo_expired"] as const;

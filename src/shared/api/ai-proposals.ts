// The assistant's proposals: changes a model's write tool asks for, written only when the user applies them.
import { z } from "zod";
import { createGoalBodySchema } from "./goals.ts";
import { createTaskBodySchema, taskStatusSchema, updateTaskBodySchema } from "./tasks.ts";
import { idSchema } from "./text.ts";

export const PROPOSAL_LIFETIME_MINUTES = 30;
export { UNDO_WINDOW_MINUTES } from "./ai-chat.ts";
/** A proposal touching more tasks than this is shown with a warning, as any delete is. */
export const PROPOSAL_WARNING_TASKS = 10;
export const PROPOSAL_MAX_CHANGES = 50;

export const proposalStatuses = ["open", "applied", "undone", "dismissed", "expired"] as const;
export const proposalStatusSchema = z.enum(proposalStatuses);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

export const proposalChangeKinds = ["createTask", "updateTask", "deleteTask", "createGoal"] as const;

export const proposalTaskViewSchema = z.object({
  title: z.string(),
  date: z.string().nullable(),
  scheduledStartTime: z.string().nullable(),
  status: taskStatusSchema,
  estimatedDuration: z.number().nullable(),
  goalTitle: z.string().nullable(),
  /** The checklist's titles, on a change that adds steps. */
  steps: z.array(z.string()).optional(),
});
export type ProposalTaskView = z.infer<typeof proposalTaskViewSchema>;

export const proposalChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(proposalChangeKinds),
  taskId: z.string().nullable(),
  goal: z.object({ title: z.string(), targetDate: z.string().nullable() }).nullable(),
  before: proposalTaskViewSchema.nullable(),
  after: proposalTaskViewSchema.nullable(),
});
export type ProposalChange = z.infer<typeof proposalChangeSchema>;

export const proposalSchema = z.object({
  id: z.string(),
  tool: z.string(),
  summary: z.string(),
  status: proposalStatusSchema,
  /** Set for deletes and for proposals touching more than PROPOSAL_WARNING_TASKS tasks. */
  warning: z.string().nullable(),
  changes: z.array(proposalChangeSchema),
  appliedChangeIds: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  appliedAt: z.string().nullable(),
  undoUntil: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalIdParamsSchema = z.object({ id: idSchema });

export const applyProposalBodySchema = z
  .object({ changeIds: z.array(z.string().max(64)).min(1, { error: "choose at least one change" }).max(PROPOSAL_MAX_CHANGES) })
  .strict();
export type ApplyProposalBody = z.infer<typeof applyProposalBodySchema>;

export const proposalResponseSchema = z.object({ proposal: proposalSchema });
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;

export const undoProposalResponseSchema = z.object({
  proposal: proposalSchema,
  skipped: z.array(z.object({ changeId: z.string(), title: z.string(), reason: z.string() })),
});
export type UndoProposalResponse = z.infer<typeof undoProposalResponseSchema>;

export const proposedTaskSchema = createTaskBodySchema.omit({ status: true, position: true });
export const proposedTaskUpdateSchema = updateTaskBodySchema;
export const proposedGoalSchema = createGoalBodySchema;

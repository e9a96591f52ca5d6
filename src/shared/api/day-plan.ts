// 'Plan my day' (issue 52): a schedule for the day's unscheduled tasks, as a proposal; nothing is written.
import { z } from "zod";
import { LONGER_THAN_ANY_SLOT, NO_FREE_TIME_LEFT } from "../rules/day-plan.ts";
import { proposalSchema } from "./ai-proposals.ts";
import { calendarDateSchema } from "./tasks.ts";

export const PLAN_DAY_TOOL = "plan_day";

export const dayPlanBodySchema = z.object({ date: calendarDateSchema }).strict();
export type DayPlanBody = z.infer<typeof dayPlanBodySchema>;

export const unplacedTaskSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  reason: z.enum([LONGER_THAN_ANY_SLOT, NO_FREE_TIME_LEFT]),
});
export type UnplacedTask = z.infer<typeof unplacedTaskSchema>;

export const dayPlanResponseSchema = z.object({
  /** null when no task could be placed (or none waits for a time). */
  proposal: proposalSchema.nullable(),
  unplaced: z.array(unplacedTaskSchema),
});
export type DayPlanResponse = z.infer<typeof dayPlanResponseSchema>;

import type { BreakdownGoalInput, BreakdownGoalResponse } from "../../../../shared/api/ai-breakdown.ts";
import { apiJson } from "../../../lib/api-client.ts";

export function breakdownGoal(input: BreakdownGoalInput): Promise<BreakdownGoalResponse> {
  return apiJson("/api/ai/breakdown-goal", { method: "POST", json: input });
}

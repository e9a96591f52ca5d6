import { useMutation } from "@tanstack/react-query";
import type { DayPlanResponse } from "../../../../shared/api/day-plan.ts";
import { apiJson } from "../../../lib/api-client.ts";

/** POST /api/day-plan: a proposed schedule for the day; nothing is written until it is applied. */
export function requestDayPlan(date: string): Promise<DayPlanResponse> {
  return apiJson<DayPlanResponse>("/api/day-plan", { method: "POST", json: { date } });
}

export function usePlanDay() {
  return useMutation({ mutationFn: requestDayPlan });
}

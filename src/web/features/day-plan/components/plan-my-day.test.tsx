import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DayPlanResponse } from "../../../../shared/api/day-plan.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { PlanMyDayButton, usePlanMyDay } from "./plan-my-day.tsx";

const DAY = "2026-05-05";

function Harness() {
  const planMyDay = usePlanMyDay(DAY);
  return (
    <>
      <PlanMyDayButton planMyDay={planMyDay} />
      {planMyDay.panel}
    </>
  );
}

const proposal = {
  id: "p1",
  tool: "plan_day",
  summary: "Update 1 task",
  status: "open" as const,
  warning: null,
  changes: [
    {
      id: "c1",
      kind: "updateTask" as const,
      taskId: "t1",
      goal: null,
      before: { title: "Report", date: DAY, scheduledStartTime: null, status: "todo" as const, estimatedDuration: 60, goalTitle: null },
      after: { title: "Report", date: DAY, scheduledStartTime: "09:00", status: "todo" as const, estimatedDuration: 60, goalTitle: null },
    },
  ],
  appliedChangeIds: [],
  createdAt: "2026-05-04T09:00:00.000Z",
  expiresAt: "2999-01-01T00:00:00.000Z",
  appliedAt: null,
  undoUntil: null,
};

function answerWith(plan: DayPlanResponse) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = url.endsWith("/api/day-plan") ? plan : url.includes("/api/ai/proposals/") ? { proposal } : {};
      return new Response(JSON.stringify(json), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe("Plan my day", () => {
  it("asks for the viewed day's plan and shows the proposal card and what does not fit, with Move to tomorrow", async () => {
    const requests = answerWith({ proposal, unplaced: [{ taskId: "t2", title: "Marathon", reason: "longer than any free slot" }] });
    renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Plan my day" }));
    const panel = await screen.findByRole("region", { name: "Plan my day" });
    expect(requests.find((request) => request.url.endsWith("/api/day-plan"))).toMatchObject({ method: "POST", body: { date: DAY } });
    await waitFor(() => expect(panel).toHaveTextContent("Update 1 task"));
    expect(panel).toHaveTextContent("Marathon · longer than any free slot");
    await userEvent.click(screen.getByRole("button", { name: "Move to tomorrow" }));
    expect(await screen.findByText("Moved to tomorrow")).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.url.endsWith("/api/tasks/t2"))).toMatchObject({
        method: "PATCH",
        body: { date: "2026-05-06" },
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Close the plan" }));
    expect(screen.queryByRole("region", { name: "Plan my day" })).toBeNull();
  });

  it("says so when every task already has a time", async () => {
    answerWith({ proposal: null, unplaced: [] });
    renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Plan my day" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Every task of this day already has a time.");
  });
});

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Task } from "../../../../shared/api/tasks.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { StalledBanner } from "./stalled-banner.tsx";

const TODAY = "2026-03-02";

function Board({ initial }: { initial: Task[] }) {
  const [stalled, setStalled] = useState(initial);
  const leave = (task: Task) => setStalled((tasks) => tasks.filter((candidate) => candidate.id !== task.id));
  return (
    <main tabIndex={-1}>
      <StalledBanner tasks={stalled} today={TODAY} onResume={leave} onComplete={leave} onReschedule={leave} />
    </main>
  );
}

const row = (title: string) => screen.getByText(title).closest("li")!;

describe("<StalledBanner />", () => {
  it("moves focus to the next row once a row's task is acted on, and to the page's main area after the last", async () => {
    const user = userEvent.setup();
    const tasks = ["Write the report", "Call the bank", "Book the train"].map((title, i) =>
      makeTask({ id: `t${i}`, title, status: "stalled", date: TODAY }),
    );
    render(<Board initial={tasks} />);
    expect(screen.getByRole("heading", { name: "3 stalled tasks" })).toBeInTheDocument();

    await user.click(within(row("Write the report")).getByRole("button", { name: "Resume" }));
    expect(within(row("Call the bank")).getByRole("button", { name: "Resume" })).toHaveFocus();

    await user.click(within(row("Book the train")).getByRole("button", { name: "Reschedule" }));
    expect(within(row("Call the bank")).getByRole("button", { name: "Resume" })).toHaveFocus();

    await user.click(within(row("Call the bank")).getByRole("button", { name: "Complete" }));
    expect(screen.queryByRole("heading", { name: /stalled task/ })).not.toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveFocus();
  });
});

import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { DeleteTaskDialog } from "./delete-task-dialog.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDialog(task: ReturnType<typeof makeTask>) {
  const sent: string[] = [];
  mockFetch((url, init) => {
    if (init.method === "DELETE") sent.push(url);
    return jsonResponse({ ok: true });
  });
  render(
    <AppProviders client={createQueryClient()}>
      <DeleteTaskDialog task={task} onOpenChange={vi.fn()} />
    </AppProviders>,
  );
  return sent;
}

describe("DeleteTaskDialog", () => {
  it("deletes a single task with the spec's one Delete button", async () => {
    const sent = renderDialog(makeTask({ id: "t1", title: "Write" }));
    expect(screen.queryByRole("button", { name: "This task" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent).toEqual(["/api/tasks/t1"]));
  });

  it.each([
    ["This task", "this"],
    ["This and following", "future"],
  ])("offers %s for an occurrence of a series", async (label, scope) => {
    const sent = renderDialog(makeTask({ id: "t2", title: "Standup", recurrence: "FREQ=DAILY", seriesId: "s1" }));
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: label }));
    await waitFor(() => expect(sent).toEqual([`/api/tasks/t2?scope=${scope}`]));
  });
});

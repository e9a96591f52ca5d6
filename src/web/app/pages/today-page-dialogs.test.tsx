import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as TasksModule from "../../features/tasks/index.ts";
import { makeTask } from "../../../shared/test/task-fixtures.ts";
import { userQueryKey } from "../../features/session/index.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { AppProviders } from "../providers.tsx";
import { TodayPage } from "./today-page.tsx";

// Counts the page's own renders: DayProgress renders with it, and with nothing else.
const pageRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../features/tasks/index.ts", async (importOriginal) => {
  const original = await importOriginal<typeof TasksModule>();
  return {
    ...original,
    DayProgress: (props: ComponentProps<typeof original.DayProgress>) => {
      pageRenders.count++;
      return <original.DayProgress {...props} />;
    },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("TodayPage's task dialog (issue 56 item 12)", () => {
  it("opens and closes without rendering the page and its board again", async () => {
    const task = makeTask({ title: "Write the report" });
    mockFetch((url) => {
      const path = url.split("?")[0];
      if (path === "/api/tasks/stats") return jsonResponse({ totalTasks: 1, rolledOver: 0, closed: false, movedOn: 0 });
      if (path === "/api/tasks") return jsonResponse([task]);
      if (path === "/api/tasks/stalled" || path === "/api/goals") return jsonResponse([]);
      return errorResponse(404, `No route ${url}`);
    });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "Europe/Paris" });
    render(
      <AppProviders client={client}>
        <MemoryRouter>
          <TodayPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const edit = await screen.findByRole("button", { name: 'Edit "Write the report"' });
    await waitFor(() => expect(screen.getByText("0/1 completed")).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = pageRenders.count;

    await userEvent.click(edit);
    expect(await screen.findByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
    expect(screen.getByDisplayValue("Write the report")).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(pageRenders.count).toBe(before);
  });
});

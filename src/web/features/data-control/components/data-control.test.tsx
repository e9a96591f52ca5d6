import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportResult } from "../../../../shared/api/data-transfer.ts";
import { browserNavigation } from "../../../lib/api-client.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { DataControlActions } from "./data-control-actions.tsx";
import { ImportPanel } from "./import-panel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const result = (dryRun: boolean): ImportResult => ({
  dryRun,
  format: "todoist-csv",
  counts: {
    tasks: 1,
    goals: 1,
    series: 0,
    skipped: 1,
    rolloverSettings: 0,
    rolloverSummaries: 0,
    dailyInsights: 0,
    weeklySummaries: 0,
    aiRecords: 0,
  },
  preview: [
    {
      row: 2,
      title: "Write",
      description: null,
      status: "todo",
      date: "2026-05-04",
      scheduledStartTime: null,
      estimatedDuration: 45,
      goal: "Work",
      recurrence: null,
    },
  ],
  skipped: [{ row: 3, reason: "The task has no title" }],
  duplicates: 0,
});

describe("ImportPanel", () => {
  it("guesses the format from the header, previews with a dry run, then imports the same content", async () => {
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      return jsonResponse(result(body.dryRun));
    });
    renderWithApp(<ImportPanel />);
    const csv = "TYPE,CONTENT,PRIORITY\ntask,Write,1\ntask,,4\n";
    await userEvent.upload(screen.getByLabelText("File to import"), new File([csv], "project.csv", { type: "text/csv" }));
    const preview = await screen.findByRole("region", { name: "Preview" });
    expect(screen.getByLabelText("Format")).toHaveValue("todoist-csv");
    expect(preview).toHaveTextContent("Will add 1 task, 1 new goal; 1 row skipped.");
    expect(within(preview).getByRole("list", { name: "Skipped rows" })).toHaveTextContent("Row 3: The task has no title");
    await userEvent.click(screen.getByRole("button", { name: "Import 1 task" }));
    expect(await screen.findByText(/Imported 1 task, 1 new goal/)).toBeInTheDocument();
    expect(bodies).toEqual([
      { format: "todoist-csv", content: csv, dryRun: true, skipDuplicates: true, sectionsAsGoals: true },
      { format: "todoist-csv", content: csv, dryRun: false, skipDuplicates: true, sectionsAsGoals: true },
    ]);
    expect(screen.queryByText(/look like duplicates/)).not.toBeInTheDocument();
  });

  it("lets the preview choose whether Todoist's sections become goals, read again for the choice (issue 56)", async () => {
    const bodies: Array<{ dryRun: boolean; sectionsAsGoals: boolean }> = [];
    mockFetch((url, init) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      return jsonResponse({ ...result(body.dryRun), counts: { ...result(body.dryRun).counts, goals: body.sectionsAsGoals ? 1 : 0 } });
    });
    renderWithApp(<ImportPanel />);
    const csv = "TYPE,CONTENT,PRIORITY\nsection,Garden,\ntask,Write,1\n";
    await userEvent.upload(screen.getByLabelText("File to import"), new File([csv], "project.csv", { type: "text/csv" }));
    const preview = await screen.findByRole("region", { name: "Preview" });
    const asGoals = within(preview).getByRole("checkbox", { name: "Make a goal of each section" });
    expect(asGoals).toBeChecked();
    await userEvent.click(asGoals);
    await waitFor(() => expect(preview).toHaveTextContent("Will add 1 task; 1 row skipped."));
    expect(asGoals).not.toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Import 1 task" }));
    expect(await screen.findByText(/Imported 1 task\./)).toBeInTheDocument();
    expect(bodies.map(({ dryRun, sectionsAsGoals }) => [dryRun, sectionsAsGoals])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
  });

  it("says how many rows look like duplicates and skips them unless told not to, the preview read again for the choice", async () => {
    const bodies: Array<{ dryRun: boolean; skipDuplicates: boolean }> = [];
    mockFetch((url, init) => {
      const body = JSON.parse(String(init.body));
      bodies.push(body);
      const tasks = body.skipDuplicates ? 1 : 3;
      return jsonResponse({ ...result(body.dryRun), duplicates: 2, counts: { ...result(body.dryRun).counts, tasks } });
    });
    renderWithApp(<ImportPanel />);
    const csv = "title,date\nA,2026-05-04\nB,2026-05-04\nC,2026-05-04\n";
    await userEvent.upload(screen.getByLabelText("File to import"), new File([csv], "tasks.csv", { type: "text/csv" }));
    const preview = await screen.findByRole("region", { name: "Preview" });
    expect(preview).toHaveTextContent("Will add 1 task, 1 new goal; 1 row skipped.");
    expect(preview).toHaveTextContent("2 look like duplicates");
    const skip = within(preview).getByRole("checkbox", { name: "Skip them" });
    expect(skip).toBeChecked();

    await userEvent.click(skip);
    expect(skip).not.toBeChecked();
    expect(skip).toHaveFocus();
    expect(await screen.findByRole("button", { name: "Import 3 tasks" })).toBeEnabled();
    expect(preview).toHaveTextContent("Will add 3 tasks");
    await userEvent.click(screen.getByRole("button", { name: "Import 3 tasks" }));
    expect(await screen.findByText(/Imported 3 tasks/)).toBeInTheDocument();
    expect(bodies.map(({ dryRun, skipDuplicates }) => ({ dryRun, skipDuplicates }))).toEqual([
      { dryRun: true, skipDuplicates: true },
      { dryRun: true, skipDuplicates: false },
      { dryRun: false, skipDuplicates: false },
    ]);
  });

  it("counts a Daywise export's history and names the list of each skipped record", async () => {
    const history: ImportResult = {
      ...result(true),
      format: "daywise-json",
      counts: { ...result(true).counts, tasks: 0, goals: 0, rolloverSettings: 1, rolloverSummaries: 2, dailyInsights: 1, aiRecords: 3 },
      preview: [],
      skipped: [{ section: "Weekly summaries", row: 1, reason: "This account already has a weekly summary of the week of 2026-05-04" }],
    };
    mockFetch(() => jsonResponse(history));
    renderWithApp(<ImportPanel />);
    await userEvent.upload(screen.getByLabelText("File to import"), new File(['{"format":"daywise-export"}'], "export.json"));
    const preview = await screen.findByRole("region", { name: "Preview" });
    expect(preview).toHaveTextContent(
      "Will add 0 tasks, your rollover settings, 2 day summaries, 1 day of insights, 3 AI usage records; 1 row skipped.",
    );
    expect(within(preview).getByRole("list", { name: "Skipped rows" })).toHaveTextContent(
      "Weekly summaries, row 1: This account already has",
    );
    expect(screen.getByRole("button", { name: "Import" })).toBeEnabled();
  });

  it("shows the server's reason for a file it refuses", async () => {
    mockFetch(() => errorResponse(400, "The file is not valid CSV: Quote Not Closed"));
    renderWithApp(<ImportPanel />);
    await userEvent.upload(screen.getByLabelText("File to import"), new File(['title\n"open'], "bad.csv", { type: "text/csv" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The file is not valid CSV: Quote Not Closed");
    expect(screen.queryByRole("button", { name: /^Import/ })).not.toBeInTheDocument();
  });
});

describe("DataControlActions", () => {
  it("offers both exports, and deletes the account only once the e-mail is typed, then reloads", async () => {
    const reload = vi.spyOn(browserNavigation, "reload").mockImplementation(() => {});
    const fetchMock = mockFetch((url, init) => {
      if (url === "/api/user" && init.method === "GET")
        return jsonResponse({ id: "u1", name: "Ada", email: "ada@example.test", avatarUrl: null, timeZone: "UTC" });
      return new Response(null, { status: 204 });
    });
    renderWithApp(<DataControlActions />);
    expect(screen.getByRole("link", { name: "Export my data" })).toHaveAttribute("href", "/api/export");
    expect(screen.getByRole("link", { name: "Export tasks (CSV)" })).toHaveAttribute("href", "/api/export/tasks.csv");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    const field = await within(dialog).findByLabelText("Type your e-mail to confirm");
    await userEvent.type(field, "someone@example.test");
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, "ADA@example.test");
    await userEvent.click(confirm);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    const deletion = fetchMock.mock.calls.find(([url, init]) => url === "/api/user" && init.method === "DELETE");
    expect(JSON.parse(String(deletion?.[1].body))).toEqual({ confirmEmail: "ADA@example.test" });
  });
});

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Goal } from "../../../../shared/api/goals.ts";
import { todayInZone } from "../../../../shared/rules/dates.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type FetchHandler, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { goalsQueryKey } from "../../goals/index.ts";
import { userQueryKey } from "../../session/index.ts";
import { BreakdownDialog } from "./breakdown-dialog.tsx";
import { makeGoal } from "../../goals/test/goal-fixtures.ts";

const user = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "UTC" };
const goal = makeGoal({ id: "g1", title: "Write a book", description: null, targetDate: null });
const provider = (name: string, displayName: string, available: boolean) => ({
  name,
  displayName,
  description: "",
  features: [],
  available,
});
const suggestions = [
  { title: "Outline the chapters", description: "One line each.", estimatedDuration: 60, priority: "high" },
  { title: "Write chapter one", description: "", estimatedDuration: 120, priority: "medium" },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function server(overrides: Record<string, FetchHandler> = {}) {
  const sent: Array<{ url: string; body: unknown }> = [];
  const routes: Record<string, FetchHandler> = {
    "GET /api/ai/providers": () =>
      jsonResponse({
        providers: [
          provider("openai", "OpenAI", true),
          provider("gemini", "Google Gemini", true),
          provider("claude", "Claude", false),
          provider("openrouter", "OpenRouter", false),
        ],
      }),
    "POST /api/ai/breakdown-goal": () => jsonResponse({ content: JSON.stringify(suggestions), breakdownId: "b1" }),
    "POST /api/ai/breakdowns/b1/tasks": () => jsonResponse({ tasks: [], goal: { ...goal, totalTasksCount: 1 } }, 201),
    ...overrides,
  };
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    if (method !== "GET") sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.split("?")[0]}`];
    return handler ? handler(url, init) : jsonResponse([]);
  });
  return sent;
}

function renderDialog() {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  client.setQueryData(goalsQueryKey, [goal]);
  const onOpenChange = vi.fn();
  render(
    <AppProviders client={client}>
      <BreakdownDialog open goal={goal} onOpenChange={onOpenChange} />
    </AppProviders>,
  );
  return { client, onOpenChange, dialog: screen.getByRole("dialog", { name: "Break Down Goal" }) };
}

describe("<BreakdownDialog />", () => {
  it("offers openai, gemini and claude (an unavailable one disabled), and sends the trimmed context", async () => {
    const sent = server();
    const { dialog } = renderDialog();
    const select = within(dialog).getByLabelText("AI Provider");
    expect(await within(select).findByRole("option", { name: "Claude (not configured)" })).toBeDisabled();
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["OpenAI", "Google Gemini", "Claude (not configured)"]);
    await userEvent.selectOptions(select, "gemini");
    await userEvent.type(within(dialog).getByLabelText("Additional Context"), "  mornings only  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Generate Tasks" }));
    expect(await within(dialog).findByRole("heading", { name: "Suggested Tasks (2 selected)" })).toBeInTheDocument();
    expect(sent[0]).toEqual({
      url: "/api/ai/breakdown-goal",
      body: { goalId: "g1", provider: "gemini", additionalContext: "mornings only" },
    });
  });

  it("says why Generate Tasks cannot be pressed when the chosen provider is not configured", async () => {
    server({
      "GET /api/ai/providers": () =>
        jsonResponse({
          providers: ["openai", "gemini", "claude"].map((name) => provider(name, name === "openai" ? "OpenAI" : name, false)),
        }),
    });
    const { dialog } = renderDialog();
    const note = await within(dialog).findByText(/OpenAI is not configured\. Providers are set up on the server/);
    const generateButton = within(dialog).getByRole("button", { name: "Generate Tasks" });
    expect(generateButton).toBeDisabled();
    expect(generateButton).toHaveAccessibleDescription(note.textContent!);
  });

  it("shows no provider note while the chosen provider is configured", async () => {
    server();
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole("option", { name: "Claude (not configured)" })).toBeInTheDocument();
    expect(within(dialog).queryByText(/is not configured\./)).not.toBeInTheDocument();
  });

  it("creates only the selected suggestions in one request, with the date only when chosen, then closes", async () => {
    const sent = server();
    const { dialog, onOpenChange, client } = renderDialog();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Generate Tasks" }));
    await within(dialog).findByRole("heading", { name: "Suggested Tasks (2 selected)" });
    const second = within(dialog).getAllByRole("listitem")[1]!;
    await userEvent.click(within(second).getByRole("checkbox"));
    expect(within(dialog).getByRole("heading", { name: "Suggested Tasks (1 selected)" })).toBeInTheDocument();
    const first = within(dialog).getAllByRole("listitem")[0]!;
    const duration = within(first).getByRole("spinbutton");
    await userEvent.clear(duration);
    await userEvent.type(duration, "abc");
    await userEvent.tab();
    expect(duration).toHaveValue(5);
    const today = todayInZone(new Date(), "UTC");
    await userEvent.selectOptions(within(first).getByLabelText(/^Schedule/), today);
    await userEvent.click(within(dialog).getByRole("button", { name: "Create 1 Task" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[1]).toEqual({
      url: "/api/ai/breakdowns/b1/tasks",
      body: { tasks: [{ title: "Outline the chapters", description: "One line each.", estimatedDuration: 5, date: today }] },
    });
    // The goal's progress comes from the answer at once.
    expect(client.getQueryData<Goal[]>(goalsQueryKey)?.[0]?.totalTasksCount).toBe(1);
  });

  it("shows a suggestion's steps under it and sends them with the task, to become its checklist", async () => {
    const sent = server({
      "POST /api/ai/breakdown-goal": () =>
        jsonResponse({
          content: JSON.stringify([{ ...suggestions[0], steps: ["List the themes", "Order them"] }, suggestions[1]]),
          breakdownId: "b1",
        }),
    });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Generate Tasks" }));
    const steps = await within(dialog).findByRole("list", { name: "Steps of Outline the chapters" });
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((step) => step.textContent),
    ).toEqual(["List the themes", "Order them"]);
    expect(within(dialog).queryByRole("list", { name: "Steps of Write chapter one" })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create 2 Tasks" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[1]!.body).toEqual({
      tasks: [
        { title: "Outline the chapters", description: "One line each.", estimatedDuration: 60, steps: ["List the themes", "Order them"] },
        { title: "Write chapter one", estimatedDuration: 120 },
      ],
    });
  });

  it("disables Create when nothing is selected", async () => {
    server();
    const { dialog } = renderDialog();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Generate Tasks" }));
    await within(dialog).findByRole("heading", { name: "Suggested Tasks (2 selected)" });
    for (const item of within(dialog).getAllByRole("listitem")) await userEvent.click(within(item).getByRole("checkbox"));
    expect(within(dialog).getByRole("button", { name: "Create 0 Tasks" })).toBeDisabled();
  });

  it("logs a failed generation or creation and stays open, saying what went wrong", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    server({
      "POST /api/ai/breakdown-goal": () => errorResponse(502, "OpenAI failed to answer (status 500); try again later"),
    });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Generate Tasks" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("OpenAI failed to answer (status 500); try again later");
    expect(warn).toHaveBeenCalledWith("Goal breakdown failed", expect.anything());

    server({ "POST /api/ai/breakdowns/b1/tasks": () => errorResponse(503, "The database cannot be reached right now") });
    await userEvent.click(within(dialog).getByRole("button", { name: "Generate Tasks" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Create 2 Tasks" }));
    expect(await within(dialog).findByText("The database cannot be reached right now")).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith("Creating the breakdown's tasks failed", expect.anything());
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

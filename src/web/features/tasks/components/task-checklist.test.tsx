import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChecklistItem, Task } from "../../../../shared/api/tasks.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type FetchHandler, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { userQueryKey } from "../../session/index.ts";
import { pendingTaskWriteRules } from "../lib/pending-task-writes.ts";
import { applyPendingWrites } from "../../../lib/pending-writes.ts";
import type { OutboxEntry } from "../../../lib/outbox/index.ts";
import { TaskFormDialog } from "./task-form-dialog.tsx";

const user = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "UTC" };
const item = (id: string, title: string, position: number, done = false): ChecklistItem => ({ id, title, done, position });
const steps = [item("i1", "Passport", 0), item("i2", "Charger", 1), item("i3", "Rain jacket", 2)];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
  key: string | null;
}

function server(routes: Record<string, FetchHandler> = {}) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const key = new Headers(init.headers).get("Idempotency-Key");
    if (method !== "GET") sent.push({ method, url, body, key });
    const handler = routes[`${method} ${url}`];
    return handler ? handler(url, init) : jsonResponse(method === "GET" ? [] : { ok: true });
  });
  return sent;
}

function renderDialog(task: Task) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  client.setQueryData(["tasks", "day", task.date], [task]);
  const onOpenChange = vi.fn();
  render(
    <AppProviders client={client}>
      <TaskFormDialog open onOpenChange={onOpenChange} task={task} />
    </AppProviders>,
  );
  const cached = () => client.getQueryData<Task[]>(["tasks", "day", task.date])?.[0]?.checklist;
  return { client, onOpenChange, cached, checklist: screen.getByRole("region", { name: /^Checklist/ }) };
}

const titlesIn = (checklist: HTMLElement) =>
  within(checklist)
    .getAllByRole("checkbox")
    .map((box) => box.getAttribute("aria-label"));

describe("The task dialog's checklist", () => {
  it("adds a step with Enter, with a client-made id, shows it at once and keeps focus for the next", async () => {
    const sent = server();
    const { checklist, cached, onOpenChange } = renderDialog(makeTask({ id: "t1", title: "Pack" }));
    const field = within(checklist).getByRole("textbox", { name: "Add a step" });
    await userEvent.type(field, "  Passport {Enter}");
    await userEvent.type(field, "Charger{Enter}");

    expect(titlesIn(checklist)).toEqual(["Passport", "Charger"]);
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    expect(onOpenChange).not.toHaveBeenCalled();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual(["POST /api/tasks/t1/checklist", "POST /api/tasks/t1/checklist"]);
    expect(sent.map((write) => (write.body as { title: string }).title)).toEqual(["Passport", "Charger"]);
    const ids = sent.map((write) => (write.body as { id: string }).id);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cached()?.map((step) => step.id)).toEqual(ids);
    expect(sent[0]?.key).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(within(checklist).getByRole("heading", { name: "Checklist 0/2" })).toBeInTheDocument();
  });

  it("adds nothing for a blank step", async () => {
    const sent = server();
    const { checklist } = renderDialog(makeTask({ id: "t1" }));
    await userEvent.type(within(checklist).getByRole("textbox", { name: "Add a step" }), "   {Enter}");
    expect(within(checklist).queryAllByRole("checkbox")).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("ticks and unticks a step", async () => {
    const sent = server();
    const { checklist, cached } = renderDialog(makeTask({ id: "t1", checklist: steps }));
    const charger = within(checklist).getByRole("checkbox", { name: "Charger" });
    await userEvent.click(charger);
    expect(charger).toBeChecked();
    expect(cached()?.map((step) => step.done)).toEqual([false, true, false]);
    await userEvent.click(charger);
    expect(charger).not.toBeChecked();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "PATCH", url: "/api/tasks/t1/checklist/i2", body: { done: true } },
      { method: "PATCH", url: "/api/tasks/t1/checklist/i2", body: { done: false } },
    ]);
  });

  it("renames a step in place: Enter saves, Escape cancels without closing the dialog", async () => {
    const sent = server();
    const { checklist, onOpenChange } = renderDialog(makeTask({ id: "t1", checklist: steps }));
    await userEvent.click(within(checklist).getByRole("button", { name: 'Rename "Passport"' }));
    const field = within(checklist).getByRole("textbox", { name: 'Step title, was "Passport"' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, "Passports{Enter}");
    expect(within(checklist).getByRole("button", { name: 'Rename "Passports"' })).toBeInTheDocument();

    within(checklist).getByRole("button", { name: 'Rename "Charger"' }).focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.type(within(checklist).getByRole("textbox", { name: 'Step title, was "Charger"' }), " cable{Escape}");
    expect(within(checklist).getByRole("button", { name: 'Rename "Charger"' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: "PATCH", url: "/api/tasks/t1/checklist/i1", body: { title: "Passports" } });
  });

  it("moves a step with Alt+ArrowUp and Alt+ArrowDown, announces it and keeps the focus on it", async () => {
    const sent = server();
    const { checklist, cached } = renderDialog(makeTask({ id: "t1", checklist: steps }));
    const handle = within(checklist).getByRole("button", { name: 'Move step "Rain jacket", 3 of 3' });
    handle.focus();
    await userEvent.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(titlesIn(checklist)).toEqual(["Passport", "Rain jacket", "Charger"]);
    expect(within(checklist).getByText('Moved "Rain jacket" to position 2 of 3.')).toHaveAttribute("aria-live", "polite");
    expect(within(checklist).getByRole("button", { name: 'Move step "Rain jacket", 2 of 3' })).toHaveFocus();
    expect(cached()?.map((step) => [step.title, step.position])).toEqual([
      ["Passport", 0],
      ["Rain jacket", 1],
      ["Charger", 2],
    ]);

    within(checklist).getByRole("checkbox", { name: "Passport" }).focus();
    await userEvent.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(titlesIn(checklist)).toEqual(["Rain jacket", "Passport", "Charger"]);
    expect(within(checklist).getByRole("checkbox", { name: "Passport" })).toHaveFocus();
    // The first step goes no higher.
    await userEvent.keyboard("{Alt>}{ArrowUp}{ArrowUp}{/Alt}");
    expect(titlesIn(checklist)).toEqual(["Passport", "Rain jacket", "Charger"]);

    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map(({ url, body }) => [url, body])).toEqual([
      ["/api/tasks/t1/checklist/i3", { position: 1 }],
      ["/api/tasks/t1/checklist/i1", { position: 1 }],
      ["/api/tasks/t1/checklist/i1", { position: 0 }],
    ]);
  });

  it("deletes a step with its named button", async () => {
    const sent = server();
    const { checklist, cached } = renderDialog(makeTask({ id: "t1", checklist: steps }));
    await userEvent.click(within(checklist).getByRole("button", { name: 'Delete step "Charger"' }));
    expect(titlesIn(checklist)).toEqual(["Passport", "Rain jacket"]);
    expect(cached()?.map((step) => step.position)).toEqual([0, 1]);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: "DELETE", url: "/api/tasks/t1/checklist/i2" });
  });

  it("puts the step back and says why when the server refuses", async () => {
    server({ "POST /api/tasks/t1/checklist": () => errorResponse(409, "A task holds at most 50 steps") });
    const { checklist, cached } = renderDialog(makeTask({ id: "t1", checklist: steps }));
    await userEvent.type(within(checklist).getByRole("textbox", { name: "Add a step" }), "Socks{Enter}");
    expect(await screen.findByText("A task holds at most 50 steps")).toBeInTheDocument();
    expect(screen.getByText("Failed to update the checklist", { selector: "div" })).toBeInTheDocument();
    await waitFor(() => expect(titlesIn(checklist)).toEqual(["Passport", "Charger", "Rain jacket"]));
    expect(cached()).toEqual(steps);
  });

  it("refuses a 51st step before sending it", async () => {
    const sent = server();
    const full = Array.from({ length: 50 }, (_, index) => item(`i${index}`, `Step ${index}`, index));
    const { checklist } = renderDialog(makeTask({ id: "t1", checklist: full }));
    await userEvent.type(within(checklist).getByRole("textbox", { name: "Add a step" }), "One more{Enter}");
    expect(within(checklist).getByText("A task holds at most 50 steps.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("is not shown for a new task", () => {
    server();
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user);
    render(
      <AppProviders client={client}>
        <TaskFormDialog open onOpenChange={vi.fn()} defaultDate="2026-11-23" />
      </AppProviders>,
    );
    expect(screen.queryByRole("region", { name: /^Checklist/ })).not.toBeInTheDocument();
  });
});

describe("The checklist of an occurrence of a series", () => {
  const occurrence = () => makeTask({ id: "t9", title: "Morning", recurrence: "FREQ=DAILY", seriesId: "s1", checklist: steps });

  it("ticks this occurrence only, without asking", async () => {
    const sent = server();
    const { checklist } = renderDialog(occurrence());
    await userEvent.click(within(checklist).getByRole("checkbox", { name: "Passport" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe("/api/tasks/t9/checklist/i1");
  });

  it("asks 'This task' or 'This and following' once, at the first other change, and sends the scope", async () => {
    const sent = server();
    const { checklist } = renderDialog(occurrence());
    await userEvent.type(within(checklist).getByRole("textbox", { name: "Add a step" }), "Stretch{Enter}");
    const question = await screen.findByRole("alertdialog", { name: "Edit repeating task" });
    expect(sent).toEqual([]);
    await userEvent.click(within(question).getByRole("button", { name: "This and following" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: "POST", url: "/api/tasks/t9/checklist?scope=future", body: { title: "Stretch" } });
    expect(titlesIn(checklist)).toEqual(["Passport", "Charger", "Rain jacket", "Stretch"]);

    await userEvent.click(within(checklist).getByRole("button", { name: 'Delete step "Charger"' }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: "DELETE", url: "/api/tasks/t9/checklist/i2?scope=future" });
  });

  it("sends nothing when the question is cancelled, and no scope for 'This task'", async () => {
    const sent = server();
    const { checklist } = renderDialog(occurrence());
    await userEvent.click(within(checklist).getByRole("button", { name: 'Delete step "Charger"' }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(titlesIn(checklist)).toEqual(["Passport", "Charger", "Rain jacket"]);
    await userEvent.click(within(checklist).getByRole("button", { name: 'Delete step "Charger"' }));
    await userEvent.click(await screen.findByRole("button", { name: "This task" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: "DELETE", url: "/api/tasks/t9/checklist/i2" });
  });
});

describe("Checklist writes waiting in the outbox", () => {
  it("show again over a fetched list, in order, and an add replayed twice is one step", () => {
    const client = createQueryClient();
    client.setQueryData(["tasks", "day", "2026-11-23"], [makeTask({ id: "t1", checklist: steps })]);
    const entry = (seq: number, method: OutboxEntry["method"], path: string, json?: unknown): OutboxEntry => ({
      key: `k${seq}`,
      clientId: "c",
      seq,
      userId: "u1",
      createdAt: 0,
      attempts: 0,
      state: "waiting",
      label: "",
      method,
      path,
      json,
    });
    const add = entry(1, "POST", "/api/tasks/t1/checklist", { id: "n1", title: "Socks" });
    applyPendingWrites(
      client,
      [
        add,
        add,
        entry(2, "PATCH", "/api/tasks/t1/checklist/n1?scope=future", { done: true, position: 0 }),
        entry(3, "DELETE", "/api/tasks/t1/checklist/i2"),
      ],
      pendingTaskWriteRules,
    );
    expect(client.getQueryData<Task[]>(["tasks", "day", "2026-11-23"])?.[0]?.checklist).toEqual([
      item("n1", "Socks", 0, true),
      item("i1", "Passport", 1),
      item("i3", "Rain jacket", 2),
    ]);
  });
});

import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Proposal } from "../../../../shared/api/ai-proposals.ts";
import { deferred, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { proposalQueryKey } from "../api/get-proposal.ts";
import type { ProposalRef } from "../lib/chat-messages.ts";
import { markArrival, toProposalRef } from "../lib/proposal-refs.ts";
import { renderChat } from "../test/chat-test-utils.tsx";
import { ADD_CALL, DELETE_REPORT, MOVE_REPORT, NOW, applied, proposal } from "../test/proposal-fixtures.ts";
import { ProposalCard } from "./proposal-card.tsx";

/** The card as the chat shows it: its state change goes back into the message it belongs to. */
function Harness({ initial, onState }: { initial: ProposalRef; onState: (ref: ProposalRef) => void }) {
  const [ref, setRef] = useState(initial);
  return (
    <ProposalCard
      proposal={ref}
      onStateChange={(next) => {
        onState(next);
        setRef(next);
      }}
    />
  );
}

/** A card whose proposal came with the streamed reply (in the query cache), or only its stored ref. */
function renderCard(shown: Proposal, { cached = true, ref = toProposalRef(shown) }: { cached?: boolean; ref?: ProposalRef } = {}) {
  const onState = vi.fn<(ref: ProposalRef) => void>();
  const result = renderChat(<Harness initial={ref} onState={onState} />, {
    prepare: (client) => {
      if (cached) client.setQueryData(proposalQueryKey(shown.id), shown);
    },
  });
  return { ...result, onState, card: () => screen.getByRole("group", { name: /Proposed changes/ }) };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => (init.body ? (JSON.parse(init.body as string) as unknown) : null));

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ProposalCard", () => {
  it("shows each change as a before/after, created ones only after, deleted ones only before and struck through", () => {
    mockFetch(() => jsonResponse({}));
    const shown = proposal({
      changes: [MOVE_REPORT, ADD_CALL, DELETE_REPORT],
      summary: "Move 1 task, create 1 task, delete 1 task",
      warning: "This deletes 1 task.",
    });
    const { card } = renderCard(shown);
    const [move, add, remove] = within(card()).getAllByRole("listitem");

    expect(move).toHaveTextContent("Change: Write the report");
    expect(move).toHaveTextContent("Before Today · 9:00 AM · To Do");
    expect(move).toHaveTextContent("After Tomorrow · 9:00 AM · To Do");
    expect(within(move!).getByText("Tomorrow")).toHaveClass("font-semibold");

    expect(add).toHaveTextContent("Add: Call the bank");
    expect(add).toHaveTextContent("After Today · 3:00 PM · To Do");
    expect(add).not.toHaveTextContent("Before");

    expect(remove).toHaveTextContent("Delete: Write the report");
    expect(remove).toHaveTextContent("Before Today · 9:00 AM · To Do");
    expect(remove).not.toHaveTextContent("After");
    expect(
      within(remove!)
        .getByText(/Before/)
        .closest("p"),
    ).toHaveClass("line-through");

    expect(card()).toHaveTextContent("This deletes 1 task.");
    expect(screen.getByRole("button", { name: "Apply" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeInTheDocument();
  });

  it("shows the steps a change adds to a task's checklist", () => {
    mockFetch(() => jsonResponse({}));
    const steps = {
      ...MOVE_REPORT,
      before: { ...MOVE_REPORT.before!, steps: ["Outline"] },
      after: { ...MOVE_REPORT.before!, steps: ["Outline", "Draft"] },
    };
    const { card } = renderCard(proposal({ changes: [steps], summary: "Update 1 task" }));
    expect(card()).toHaveTextContent("Before Today · 9:00 AM · To Do · Steps: Outline");
    expect(card()).toHaveTextContent("After Today · 9:00 AM · To Do · Steps: Outline, Draft");
    expect(within(card()).getByText("Steps: Outline, Draft")).toHaveClass("font-semibold");
  });

  it("ticks every change by default and applies only the ticked ones", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ proposal: applied(proposal(), ["c2"]) }));
    const { onState } = renderCard(proposal());
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(boxes[0]).toHaveAccessibleName("Change: Write the report");

    await user.click(boxes[0]!);
    expect(screen.getByText("1 of 2 changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect(calls(fetchMock, "/api/ai/proposals/p1/apply")).toEqual([{ changeIds: ["c2"] }]);
    expect(await screen.findByText("Applied")).toBeInTheDocument();
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ id: "p1", status: "applied" }));
    // Only what was applied is listed, without checkboxes.
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Changes made" })).toHaveTextContent("Call the bank");
    expect(screen.getByRole("list", { name: "Changes made" })).not.toHaveTextContent("Write the report");
  });

  it("applies nothing while no change is ticked", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    renderCard(proposal());
    for (const box of screen.getAllByRole("checkbox")) await user.click(box);
    expect(screen.getByText("Tick at least one change")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(calls(fetchMock, "/api/ai/proposals/p1/apply")).toEqual([]);
  });

  it("has no checkboxes for a single change", () => {
    mockFetch(() => jsonResponse({}));
    renderCard(proposal({ changes: [ADD_CALL], summary: "Create 1 task" }));
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("is busy while applying, then refreshes the tasks, goals and insights and offers Undo until its time is up", async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const { client, card } = renderCard(proposal());
    const invalidate = vi.spyOn(client, "invalidateQueries");

    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByRole("button", { name: "Applying..." })).toHaveAttribute("aria-disabled", "true");
    expect(card()).toHaveAttribute("aria-busy", "true");
    answer.resolve(jsonResponse({ proposal: applied(proposal()) }));

    expect(await screen.findByText("Applied")).toBeInTheDocument();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([["tasks"], ["goals"], ["insights"]]));
    const undo = screen.getByRole("button", { name: "Undo" });
    expect(undo).toHaveFocus();

    act(() => void vi.advanceTimersByTime(10 * 60_000 + 1));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument());
    expect(screen.getByText("Applied")).toBeInTheDocument();
  });

  it("undoes in one click and lists what was left as it is", async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith("/undo")
        ? jsonResponse({
            proposal: { ...applied(proposal()), status: "undone", undoUntil: null },
            skipped: [{ changeId: "c1", title: "Write the report", reason: "changed since it was applied" }],
          })
        : jsonResponse({}),
    );
    const { onState, client } = renderCard(applied(proposal()));
    const invalidate = vi.spyOn(client, "invalidateQueries");
    await user.click(screen.getByRole("button", { name: "Undo" }));

    expect(await screen.findByText("Undone")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1/undo")).toEqual([{}]);
    expect(screen.getByRole("list", { name: "Not undone" })).toHaveTextContent("Write the report: changed since it was applied");
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ status: "undone" }));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(expect.arrayContaining([["tasks"], ["goals"]]));
  });

  it("dismisses with the button, and nothing is written", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ proposal: proposal({ status: "dismissed" }) }));
    const { onState } = renderCard(proposal());
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("Dismissed")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1/dismiss")).toEqual([{}]);
    expect(calls(fetchMock, "/api/ai/proposals/p1/apply")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Apply" })).not.toBeInTheDocument();
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ status: "dismissed" }));
  });

  it("takes the focus when it arrives, applies on Enter and says so politely", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ proposal: applied(proposal()) }));
    markArrival("p1");
    const { card } = renderCard(proposal());
    expect(card()).toHaveFocus();
    expect(within(card()).getByRole("status")).toHaveTextContent("The assistant proposes: Move 1 task, create 1 task.");

    await user.keyboard("{Enter}");
    expect(await screen.findByText("Applied")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1/apply")).toEqual([{ changeIds: ["c1", "c2"] }]);
    expect(within(card()).getByRole("status")).toHaveTextContent("Applied: Move 1 task, create 1 task.");
  });

  it("dismisses on Escape, and every control is reachable by Tab", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ proposal: proposal({ status: "dismissed" }) }));
    const { card } = renderCard(proposal());
    act(() => card().focus());
    await user.tab();
    expect(screen.getAllByRole("checkbox")[0]).toHaveFocus();
    await user.tab();
    expect(screen.getAllByRole("checkbox")[1]).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Apply" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(await screen.findByText("Dismissed")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1/dismiss")).toHaveLength(1);
  });

  it("leaves the focus where the user is typing", () => {
    mockFetch(() => jsonResponse({}));
    const input = document.createElement("input");
    document.body.append(input);
    input.focus();
    markArrival("p1");
    renderCard(proposal());
    expect(input).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("The assistant proposes");
    input.remove();
  });

  it("shows the server's message for a 409 without the proposal, then reads the proposal again", async () => {
    const closed = { message: "This proposal was already dismissed", code: "proposal_closed" };
    const fetchMock = mockFetch((url) =>
      url.endsWith("/apply") ? jsonResponse(closed, 409) : jsonResponse({ proposal: proposal({ status: "dismissed" }) }),
    );
    renderCard(proposal());
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This proposal was already dismissed");
    expect(await screen.findByText("Dismissed")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1")).toHaveLength(1);
  });

  it("shows a 409's proposal as the server has it (expired here), and a 404's message", async () => {
    const expired = {
      proposal: proposal({ status: "expired" }),
      message: "This proposal expired; ask the assistant again",
      code: "proposal_expired",
    };
    const fetchMock = mockFetch((url) => (url.endsWith("/apply") ? jsonResponse(expired, 409) : jsonResponse({})));
    renderCard(proposal());
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This proposal expired; ask the assistant again");
    expect(screen.getByText("Expired")).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1")).toEqual([]);

    vi.unstubAllGlobals();
    mockFetch(() => jsonResponse({ message: "Proposal not found", code: "not_found" }, 404));
    renderCard(proposal({ id: "p2" }));
    const second = screen.getAllByRole("group", { name: /Proposed changes/ })[1]!;
    await user.click(within(second).getByRole("button", { name: "Dismiss" }));
    expect(await within(second).findByRole("alert")).toHaveTextContent("Proposal not found");
  });

  it("turns expired when its time passes, without a reload", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const { onState } = renderCard(proposal());
    expect(screen.getByRole("button", { name: "Apply" })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(30 * 60_000));
    expect(await screen.findByText("Expired")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Apply" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("The proposal expired: nothing was changed.");
    expect(onState).toHaveBeenLastCalledWith(expect.objectContaining({ status: "expired" }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("ProposalCard from a stored history", () => {
  it("shows a closed proposal's summary and state, without asking the server", () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const pastUndo = new Date(NOW.getTime() - 10 * 60_000 - 1).toISOString();
    const { card } = renderCard(applied(proposal()), {
      cached: false,
      ref: { ...toProposalRef(applied(proposal())), expiresAt: pastUndo },
    });
    expect(card()).toHaveTextContent("Move 1 task, create 1 task");
    expect(screen.getByTestId("proposal-status")).toHaveTextContent("Applied");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads an open one again from the server and shows it whole", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ proposal: proposal() }));
    renderCard(proposal(), { cached: false });
    expect(screen.getByText("Loading the proposal...")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Apply" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(calls(fetchMock, "/api/ai/proposals/p1")).toHaveLength(1);
  });

  it("reads an applied one again while its undo may still be offered, and offers Undo", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ proposal: applied(proposal()) }));
    renderCard(applied(proposal()), { cached: false });
    expect(await screen.findByRole("button", { name: "Undo" })).toBeInTheDocument();
    expect(calls(fetchMock, "/api/ai/proposals/p1")).toHaveLength(1);
  });

  it("shows an open one whose time has passed as expired, without asking the server", () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const ref = { ...toProposalRef(proposal()), expiresAt: new Date(NOW.getTime() - 1).toISOString() };
    const { onState } = renderCard(proposal(), { cached: false, ref });
    expect(screen.getByTestId("proposal-status")).toHaveTextContent("Expired");
    expect(onState).toHaveBeenCalledWith({ ...ref, status: "expired" });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readUserItem, setStorageUser, writeUserItem } from "../../../lib/user-storage.ts";
import { applied, proposal } from "../test/proposal-fixtures.ts";
import type { ChatMessage } from "./chat-messages.ts";
import { MESSAGES_KEY, loadMessages, saveMessages } from "./chat-storage.ts";
import { toProposalRef, withProposal, withProposalState } from "./proposal-refs.ts";

const reply = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: "a1",
  role: "assistant",
  content: "Here is what I would change.",
  timestamp: new Date("2026-03-02T10:00:00Z"),
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  setStorageUser("u1");
});
afterEach(() => {
  setStorageUser(null);
  vi.restoreAllMocks();
});

describe("the chat history's proposals in browser storage", () => {
  it("keeps each proposal's id, summary, state and lifetime, never its changes", () => {
    const shown = proposal();
    saveMessages(withProposal([reply()], "a1", toProposalRef(shown)));
    const stored = JSON.parse(readUserItem(MESSAGES_KEY) ?? "[]") as Record<string, unknown>[];
    expect(stored[0]?.proposals).toEqual([{ id: "p1", summary: "Move 1 task, create 1 task", status: "open", expiresAt: shown.expiresAt }]);
    expect(readUserItem(MESSAGES_KEY)).not.toContain("Write the report");

    expect(loadMessages()).toEqual([reply({ proposals: [toProposalRef(shown)] })]);
  });

  it("keeps the final state once it changes, on every message that carries the proposal", () => {
    const ref = toProposalRef(proposal());
    const messages = withProposal(withProposal([reply(), reply({ id: "a2" })], "a1", ref), "a2", toProposalRef(proposal({ id: "p2" })));
    const after = withProposalState(messages, toProposalRef(applied(proposal())));
    expect(after.map((message) => message.proposals?.map(({ id, status }) => `${id}:${status}`))).toEqual([["p1:applied"], ["p2:open"]]);
    // The same proposal again on a message replaces its copy rather than adding one.
    expect(withProposal(after, "a1", ref)[0]?.proposals).toEqual([ref]);
  });

  it("drops stored proposals it cannot read, and keeps their message", () => {
    const good = toProposalRef(proposal());
    writeUserItem(
      MESSAGES_KEY,
      JSON.stringify([
        {
          ...reply(),
          proposals: [good, { ...good, status: "maybe" }, { id: "p3", summary: 3 }, null, "p4"],
        },
        { ...reply({ id: "a2" }), proposals: "not a list" },
      ]),
    );
    expect(loadMessages()?.map((message) => message.proposals)).toEqual([[good], undefined]);
  });
});

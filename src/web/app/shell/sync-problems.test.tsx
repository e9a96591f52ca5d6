import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pendingWrites, sendWrite } from "../../lib/outbox/index.ts";
import { stubIndexedDb } from "../../lib/outbox/test-indexeddb.ts";
import { setStorageUser } from "../../lib/user-storage.ts";
import { deferred, jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { renderWithApp } from "../../test/render.tsx";
import { SYNC_PROBLEMS_TITLE, SyncProblems, refusedMessage } from "./sync-problems.tsx";

beforeEach(() => {
  stubIndexedDb();
  setStorageUser("user-1");
});
afterEach(() => setStorageUser(null));

const gone = () => new Response(JSON.stringify({ message: "Task not found", code: "not_found" }), { status: 404 });
const tooLong = () => new Response(JSON.stringify({ message: "Title is too long", code: "validation_failed" }), { status: 400 });

describe("SyncProblems (decision 043)", () => {
  it("shows each refused change with its label and the server's reason, and retries or discards it", async () => {
    let answerNext: (() => Response | Promise<Response>) | null = null;
    const fetchMock = mockFetch((url) => {
      if (answerNext) return answerNext();
      return url === "/api/tasks/1" ? gone() : tooLong();
    });
    renderWithApp(<SyncProblems />);
    await Promise.allSettled([
      sendWrite({ method: "PATCH", path: "/api/tasks/1", json: { done: true }, label: 'Complete "Buy milk"' }),
      sendWrite({ method: "PATCH", path: "/api/tasks/2", json: { title: "x".repeat(600) }, label: 'Rename "Call mum"' }),
    ]);

    const notice = await screen.findByText(refusedMessage(2));
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(refusedMessage(1)).toBe("1 change could not be saved");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    const dialog = await screen.findByRole("dialog", { name: SYNC_PROBLEMS_TITLE });
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Complete "Buy milk"Task not found'),
      expect.stringContaining('Rename "Call mum"Title is too long'),
    ]);

    await user.click(within(dialog).getByRole("button", { name: 'Discard: Rename "Call mum"' }));
    await waitFor(() => expect(within(dialog).getAllByRole("listitem")).toHaveLength(1));
    const sentBefore = fetchMock.mock.calls.length;
    const retried = deferred<Response>();
    answerNext = () => retried.promise;
    await user.click(within(dialog).getByRole("button", { name: 'Retry: Complete "Buy milk"' }));
    await within(dialog).findByText("Sending again…");
    expect(within(dialog).getByRole("button", { name: 'Retry: Complete "Buy milk"' })).toBeDisabled();
    retried.resolve(gone());
    await within(dialog).findByText("Task not found");

    answerNext = () => jsonResponse({ ok: true });
    await user.click(within(dialog).getByRole("button", { name: 'Retry: Complete "Buy milk"' }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText(refusedMessage(1))).toBeNull();
    expect(fetchMock.mock.calls.slice(sentBefore).map(([url]) => url)).toEqual(["/api/tasks/1", "/api/tasks/1"]);
    expect(await pendingWrites()).toEqual([]);
  });
});

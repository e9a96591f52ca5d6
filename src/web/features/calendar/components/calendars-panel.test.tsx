import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CalendarSubscription } from "../../../../shared/api/calendar.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { CalendarsPanel } from "./calendars-panel.tsx";

const FAILING: CalendarSubscription = {
  id: "cal-1",
  name: "Work",
  url: "calendar.example.com/…",
  colour: "#dc2626",
  enabled: true,
  lastSuccessAt: "2026-03-24T06:00:00.000Z",
  lastError: "The calendar's server answered 500",
  lastErrorAt: "2026-03-24T07:00:00.000Z",
  eventCount: 12,
  failureCount: 1,
  paused: false,
  createdAt: "2026-03-01T00:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("CalendarsPanel", () => {
  it("lists a calendar by its shortened address with its last error, and says why an address is refused", async () => {
    mockFetch((url, init) => {
      if (url === "/api/calendar/subscriptions" && init.method === "POST") {
        return errorResponse(400, "The calendar's host intranet is on a private network, which Daywise does not read");
      }
      if (url === "/api/calendar/subscriptions") return jsonResponse([FAILING]);
      return jsonResponse({ url: null });
    });
    renderWithApp(<CalendarsPanel />);
    const list = await screen.findByRole("list", { name: "Subscribed calendars" });
    expect(list).toHaveTextContent("calendar.example.com/…");
    expect(list).toHaveTextContent("The calendar's server answered 500 · showing the copy read");
    expect(screen.getByRole("switch")).toBeChecked();

    await userEvent.type(screen.getByLabelText("Calendar address (ICS)"), "http://intranet/cal.ics");
    await userEvent.click(screen.getByRole("button", { name: "Add calendar" }));
    expect(await screen.findByText(/is on a private network/)).toBeInTheDocument();
  });

  it("shows a calendar paused after three failed reads, and reads it again on Retry", async () => {
    let paused = { ...FAILING, failureCount: 3, paused: true };
    const retried: string[] = [];
    mockFetch((url, init) => {
      if (url.endsWith("/retry") && init.method === "POST") {
        retried.push(url);
        paused = { ...paused, failureCount: 0, paused: false, lastError: null, lastErrorAt: null };
        return jsonResponse(paused);
      }
      if (url === "/api/calendar/subscriptions") return jsonResponse([paused]);
      return jsonResponse({ url: null });
    });
    renderWithApp(<CalendarsPanel />);
    const list = await screen.findByRole("list", { name: "Subscribed calendars" });
    expect(list).toHaveTextContent("Paused after 3 failed reads in a row");
    await userEvent.click(within(list).getByRole("button", { name: "Retry Work" }));
    await waitFor(() => expect(within(list).queryByRole("button", { name: "Retry Work" })).not.toBeInTheDocument());
    expect(retried).toEqual(["/api/calendar/subscriptions/cal-1/retry"]);
    expect(list).toHaveTextContent("12 events · read");
    expect(within(list).getByRole("switch")).toHaveFocus();
  });

  it("removes a calendar after asking, and moves focus to the next calendar's Remove, then to the address field", async () => {
    let subscriptions = [FAILING, { ...FAILING, id: "cal-2", name: "Family", lastError: null, lastErrorAt: null }];
    const deleted: string[] = [];
    mockFetch((url, init) => {
      if (init.method === "DELETE") {
        deleted.push(url);
        subscriptions = subscriptions.filter((subscription) => !url.endsWith(`/${subscription.id}`));
        return jsonResponse({ ok: true });
      }
      if (url === "/api/calendar/subscriptions") return jsonResponse(subscriptions);
      return jsonResponse({ url: null });
    });
    renderWithApp(<CalendarsPanel />);
    await userEvent.click(await screen.findByRole("button", { name: "Remove Work" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog", { name: "Remove “Work”?" })).getByRole("button", { name: "Cancel" }),
    );
    expect(deleted).toEqual([]);
    expect(screen.getByRole("button", { name: "Remove Work" })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Remove Work" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove Family" })).toHaveFocus());
    expect(deleted).toEqual(["/api/calendar/subscriptions/cal-1"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove Work" })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "Remove Family" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.getByLabelText("Calendar address (ICS)")).toHaveFocus());
  });

  it("creates the feed and offers to copy and revoke it", async () => {
    let feed: string | null = null;
    mockFetch((url, init) => {
      if (url === "/api/calendar/feed" && init.method === "POST") {
        feed = "http://localhost:3000/calendar/abc.ics";
        return jsonResponse({ url: feed });
      }
      if (url === "/api/calendar/feed") return jsonResponse({ url: feed });
      return jsonResponse([]);
    });
    renderWithApp(<CalendarsPanel />);
    await userEvent.click(await screen.findByRole("button", { name: "Create feed address" }));
    await waitFor(() => expect(screen.getByLabelText("Feed address")).toHaveValue("http://localhost:3000/calendar/abc.ics"));
    expect(screen.getByRole("button", { name: "Copy address" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Revoke" })).toBeEnabled();
  });
});

import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../../../shared/api/user.ts";
import { todayInZone } from "../../../../shared/rules/dates.ts";
import { dismissToast } from "../../../components/ui/use-toast.ts";
import { readUserItem, setStorageUser, userItemText, writeUserItem } from "../../../lib/user-storage.ts";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { userQueryKey } from "../../session/index.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { type AppNotification, NOTIFICATION_EVENT } from "../lib/app-notification.ts";
import { markerStorageKey } from "../lib/notification-markers.ts";
import { NOTIFICATION_PREFERENCES_KEY } from "../lib/notification-preferences.ts";
import { stubNotification } from "../test/fake-notification.ts";
import { NotificationCenter } from "./notification-center.tsx";

// A zone whose day is never UTC's (the browser's zone here: CI runs in UTC), whatever the hour, so
// the engine must go by the user's zone from its first evaluation: evaluating right after the user
// loaded, it once still used the browser's day and notified an insight once for each of two days.
const ANOTHER_DAY_THAN_UTC = new Date().getUTCHours() >= 12 ? "Pacific/Kiritimati" : "Etc/GMT+12";
const user: User = {
  id: "u1",
  name: "Ada",
  email: "ada@example.com",
  avatarUrl: null,
  timeZone: ANOTHER_DAY_THAN_UTC,
  workdayStart: "09:00",
  workdayEnd: "17:00",
};
const today = () => todayInZone(new Date(), user.timeZone);

function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

let events: AppNotification[] = [];
const record = (event: Event) => events.push((event as CustomEvent<AppNotification>).detail);

beforeEach(() => {
  setStorageUser(user.id);
  events = [];
  window.addEventListener(NOTIFICATION_EVENT, record);
});
afterEach(() => {
  window.removeEventListener(NOTIFICATION_EVENT, record);
  // The toast store is module-wide: a toast left open would hold the next test's notices back
  // (unmounted first, so no queued notice shows as the last one closes).
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCenter(stalled: unknown[], insights: unknown = { insights: [], viewed: false }) {
  const fetchMock = mockFetch((url) => {
    if (url === "/api/tasks/stalled") return jsonResponse(stalled);
    if (url.startsWith("/api/ai/insights?")) return jsonResponse(insights);
    if (url === "/api/goals") return jsonResponse([]);
    if (url === "/api/user") return jsonResponse(user);
    return jsonResponse([]);
  });
  const view = renderWithApp(
    <>
      <NotificationCenter />
      <Location />
    </>,
    { route: "/settings" },
  );
  view.client.setQueryData(userQueryKey, user);
  return { ...view, fetchMock };
}

describe("NotificationCenter", () => {
  it("notifies a stalled task once within the hour: the in-app event, a toast and a browser notification", async () => {
    writeUserItem(NOTIFICATION_PREFERENCES_KEY, JSON.stringify({ browserNotifications: true }));
    const { shown } = stubNotification("granted");
    const yesterdayTask = makeTask({ id: "t1", title: "Write the report", status: "stalled", date: "2026-01-05" });
    const { client } = renderCenter([yesterdayTask]);

    const region = await screen.findByRole("region", { name: /Notifications/ });
    expect(await within(region).findByText("Task Stalled")).toBeInTheDocument();
    expect(events.map((event) => event.key)).toEqual(["stall:t1"]);
    expect(shown.map((item) => [item.title, item.options?.tag])).toEqual([["Task Stalled", "stall:t1"]]);
    expect(Number(readUserItem(markerStorageKey("stall:t1")))).toBeGreaterThan(0);

    // The next poll, within the hour: nothing new. A completion seen after it proves the poll was read.
    await act(() => client.refetchQueries({ queryKey: ["tasks", "stalled"] }));
    act(() => {
      client.setQueryData(
        ["tasks", "day", today()],
        [makeTask({ id: "just-done", status: "done", date: today(), completedAt: new Date().toISOString() })],
      );
    });
    await waitFor(() => expect(events.map((event) => event.key)).toEqual(["stall:t1", "completed:just-done"]));

    // A click on the browser notification opens the task's day on the board.
    act(() => shown[0]?.onclick?.(new Event("click")));
    expect(screen.getByTestId("location")).toHaveTextContent("/?date=2026-01-05");

    // An hour after the last notice it may be shown again.
    writeUserItem(markerStorageKey("stall:t1"), String(Date.now() - 60 * 60_000));
    await act(() => client.refetchQueries({ queryKey: ["tasks", "stalled"] }));
    await waitFor(() => expect(events).toHaveLength(3));
  });

  it("goes by this user's preferences and markers, not another user's on this browser", async () => {
    localStorage.setItem(
      NOTIFICATION_PREFERENCES_KEY,
      userItemText("u2", JSON.stringify({ stalledTasks: false, browserNotifications: true })),
    );
    localStorage.setItem(markerStorageKey("stall:t1"), userItemText("u2", String(Date.now())));
    const { shown } = stubNotification("granted");
    renderCenter([makeTask({ id: "t1", status: "stalled", date: "2026-01-05" })]);
    await waitFor(() => expect(events.map((event) => event.key)).toEqual(["stall:t1"]));
    // The defaults: stalled tasks on, browser notifications off.
    expect(shown).toEqual([]);
  });

  it("celebrates a completion seen within 5 seconds, in-app only while browser notifications are off", async () => {
    const { shown } = stubNotification("granted");
    const { client } = renderCenter([]);
    await waitFor(() => expect(client.getQueryData(["tasks", "stalled"])).toEqual([]));
    act(() => {
      client.setQueryData(
        ["tasks", "day", today()],
        [
          makeTask({ id: "done-now", title: "Ship it", status: "done", date: today(), completedAt: new Date().toISOString() }),
          makeTask({ id: "done-earlier", status: "done", date: today(), completedAt: new Date(Date.now() - 6_000).toISOString() }),
        ],
      );
    });
    await waitFor(() => expect(events.map((event) => event.key)).toEqual(["completed:done-now"]));
    // The title is in a <bdi> of its own inside the sentence.
    expect(
      await screen.findByText(
        (_, element) => element?.textContent === 'Nice work! "Ship it" is done.' && element.querySelector("bdi") !== null,
      ),
    ).toBeInTheDocument();
    expect(shown).toEqual([]);
  });

  it("stays quiet when the preference is off", async () => {
    writeUserItem(NOTIFICATION_PREFERENCES_KEY, JSON.stringify({ stalledTasks: false, browserNotifications: true }));
    stubNotification("granted");
    const { client, fetchMock } = renderCenter([makeTask({ status: "stalled" })]);
    // A completion's notice, which the engine reads after the stalled list, proves the quiet.
    act(() => {
      client.setQueryData(
        ["tasks", "day", today()],
        [makeTask({ id: "done-now", status: "done", date: today(), completedAt: new Date().toISOString() })],
      );
    });
    await waitFor(() => expect(events.map((event) => event.key)).toEqual(["completed:done-now"]));
    // The stalled list is not even polled for it.
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain("/api/tasks/stalled");
  });

  it("notifies a new high-priority insight of today once, from the insights card's query too", async () => {
    writeUserItem(NOTIFICATION_PREFERENCES_KEY, JSON.stringify({ dailyInsights: true, stalledTasks: false }));
    stubNotification("default");
    const high = { type: "warning", title: "Overloaded day", description: "Defer two tasks.", priority: "high" };
    const answer = { insights: [high, { ...high, title: "Low one", priority: "low" }], viewed: false };
    const { client, fetchMock } = renderCenter([], answer);
    await waitFor(() => expect(events.map((event) => event.title)).toEqual(["New Insight"]));
    expect(events[0]).toMatchObject({ body: "\u2068Overloaded day\u2069: Defer two tasks.", path: "/insights" });
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`/api/ai/insights?date=${today()}`);

    // The card's query (its key adds a revision) answers a second high one after a change.
    const second = { ...high, title: "Three tasks stalled" };
    act(() => client.setQueryData(["insights", "daily", today(), "rev-2"], { insights: [high, second], viewed: false }));
    await waitFor(() => expect(events.map((event) => event.title)).toEqual(["New Insight", "New Insight"]));
    expect(events[1]?.body).toContain("Three tasks stalled");
  });
});

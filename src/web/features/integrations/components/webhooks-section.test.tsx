import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Webhook, WebhookDelivery } from "../../../../shared/api/webhooks.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { WebhooksSection } from "./webhooks-section.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SECRET = "whsec_MDEyMzQ1Njc4OWFiY2RlZmdoaWprbG1u";
const URL = "https://hooks.example.com/daywise";

function server(initial: Webhook[] = []) {
  let webhooks = initial;
  const deliveries: WebhookDelivery[] = [];
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET" && url === "/api/webhooks") return jsonResponse(webhooks);
    if (method === "POST" && url === "/api/webhooks") {
      const body = JSON.parse(String(init.body)) as Pick<Webhook, "url" | "events">;
      if (body.url.startsWith("https://10."))
        return errorResponse(400, "The webhook's host 10.0.0.2 is on a private network, which Daywise does not send to");
      const webhook = { id: "w1", ...body, enabled: true, disabledReason: null, createdAt: "2026-03-02T10:00:00.000Z" };
      webhooks = [webhook, ...webhooks];
      return jsonResponse({ ...webhook, secret: SECRET }, 201);
    }
    const id = url.split("/")[3];
    if (method === "POST" && url.endsWith("/test")) {
      deliveries.unshift({
        id: `msg_${deliveries.length}`,
        event: "webhook.test",
        status: "succeeded",
        attempts: 1,
        responseStatus: 204,
        error: null,
        createdAt: "2026-03-02T10:01:00.000Z",
        lastAttemptAt: "2026-03-02T10:01:00.000Z",
        nextAttemptAt: null,
      });
      return jsonResponse({ ok: true }, 202);
    }
    if (method === "GET" && url.endsWith("/deliveries")) return jsonResponse(deliveries);
    if (method === "PATCH") {
      webhooks = webhooks.map((webhook) => (webhook.id === id ? { ...webhook, enabled: true, disabledReason: null } : webhook));
      return jsonResponse(webhooks.find((webhook) => webhook.id === id));
    }
    if (method === "DELETE") {
      webhooks = webhooks.filter((webhook) => webhook.id !== id);
      return jsonResponse({ ok: true });
    }
    return errorResponse(404, `No route ${method} ${url}`);
  });
  return requests;
}

const renderSection = () =>
  render(
    <AppProviders client={createQueryClient()}>
      <WebhooksSection />
    </AppProviders>,
  );

describe("WebhooksSection", () => {
  it("adds a webhook with its events, shows the secret once, sends a test and lists the delivery, deletes after a confirmation", async () => {
    const requests = server();
    renderSection();
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Address"), URL);
    await userEvent.click(screen.getByRole("checkbox", { name: "Day closed" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Task created" }));
    await userEvent.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByLabelText("Signing secret")).toHaveTextContent(SECRET);
    expect(screen.getByRole("button", { name: "Copy secret" })).toHaveFocus();
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({ url: URL, events: ["task.completed", "day.closed"] });

    const row = await screen.findByRole("listitem", { name: URL });
    expect(row).toHaveTextContent("Active");
    expect(row).toHaveTextContent("Task completed · Day closed");
    await userEvent.click(within(row).getByRole("button", { name: "Send test" }));
    const delivered = await within(row).findByRole("list", { name: "Last deliveries" });
    expect(delivered).toHaveTextContent("Delivered");
    expect(delivered).toHaveTextContent("webhook.test");

    await userEvent.click(within(row).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();
  });

  it("says why an address is refused", async () => {
    server();
    renderSection();
    await userEvent.type(await screen.findByLabelText("Address"), "https://10.0.0.2/hook");
    await userEvent.click(screen.getByRole("button", { name: "Add webhook" }));
    expect(
      await screen.findByText("The webhook's host 10.0.0.2 is on a private network, which Daywise does not send to"),
    ).toBeInTheDocument();
  });

  it("shows why a webhook was disabled, and turns it back on", async () => {
    const disabledReason = "Disabled on 2026-03-03: deliveries failed for 24 hours (The receiver answered 500)";
    const requests = server([
      { id: "w1", url: URL, events: ["goal.changed"], enabled: false, disabledReason, createdAt: "2026-03-02T10:00:00.000Z" },
    ]);
    renderSection();
    const row = await screen.findByRole("listitem", { name: URL });
    expect(row).toHaveTextContent("Disabled");
    expect(row).toHaveTextContent(disabledReason);
    expect(within(row).getByRole("button", { name: "Send test" })).toBeDisabled();
    await userEvent.click(within(row).getByRole("button", { name: "Turn on" }));
    await vi.waitFor(() => expect(within(screen.getByRole("listitem", { name: URL })).getByText("Active")).toBeInTheDocument());
    expect(requests.find((request) => request.method === "PATCH")).toEqual({
      method: "PATCH",
      url: "/api/webhooks/w1",
      body: { enabled: true },
    });
  });
});

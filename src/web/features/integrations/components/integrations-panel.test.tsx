import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonalAccessToken } from "../../../../shared/api/tokens.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { IntegrationsPanel } from "./integrations-panel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SECRET = "dw_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";

function server(initial: PersonalAccessToken[] = []) {
  let tokens = initial;
  const bodies: unknown[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    if (method === "GET" && url === "/api/tokens") return jsonResponse(tokens);
    if (method === "GET" && url === "/api/webhooks") return jsonResponse([]);
    if (method === "POST" && url === "/api/tokens") {
      const body = JSON.parse(String(init.body)) as { name: string; scope: "read" | "write" };
      bodies.push(body);
      const token = {
        id: `t${tokens.length + 1}`,
        name: body.name,
        kind: "personal" as const,
        scope: body.scope,
        createdAt: "2026-03-02T10:00:00.000Z",
        expiresAt: null,
        lastUsedAt: null,
      };
      tokens = [token, ...tokens];
      return jsonResponse({ ...token, token: SECRET }, 201);
    }
    if (method === "DELETE" && url.startsWith("/api/tokens/")) {
      tokens = tokens.filter((token) => url !== `/api/tokens/${token.id}`);
      return jsonResponse({ ok: true });
    }
    return errorResponse(404, `No route ${method} ${url}`);
  });
  return bodies;
}

describe("IntegrationsPanel", () => {
  it("creates a token shown once, fills it into the client configuration, revokes after a confirmation", async () => {
    const bodies = server();
    render(
      <AppProviders client={createQueryClient()}>
        <IntegrationsPanel />
      </AppProviders>,
    );
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
    expect(screen.getByLabelText("Client configuration")).toHaveTextContent("dw_YOUR_TOKEN");
    // A phone scrolls the wide configuration sideways: by keyboard too, as a named, focusable region (issue 56).
    expect(screen.getByRole("region", { name: "Client configuration" })).toHaveAttribute("tabindex", "0");

    await userEvent.type(screen.getByLabelText("Name"), "Claude");
    await userEvent.selectOptions(screen.getByLabelText("Access"), "write");
    await userEvent.selectOptions(screen.getByLabelText("Expires"), "never");
    await userEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect(await screen.findByLabelText("New token")).toHaveTextContent(SECRET);
    expect(bodies).toEqual([{ name: "Claude", scope: "write" }]);
    expect(screen.getByLabelText("Client configuration")).toHaveTextContent(`Bearer ${SECRET}`);
    expect(screen.getByLabelText("Client configuration")).toHaveTextContent(`${window.location.origin}/mcp`);

    const row = await screen.findByRole("listitem", { name: "Claude" });
    expect(row).toHaveTextContent("Read and write");
    expect(row).toHaveTextContent("Last used Never");
    // Each token's button names its token, so a list of them reads apart (issue 56).
    await userEvent.click(within(row).getByRole("button", { name: 'Revoke "Claude"' }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
  });

  it("labels an expired token and offers to remove it", async () => {
    const expiresAt = new Date(Date.now() - 60_000).toISOString();
    server([
      { id: "t1", kind: "personal", name: "Old script", scope: "read", createdAt: "2026-01-02T10:00:00.000Z", expiresAt, lastUsedAt: null },
    ]);
    render(
      <AppProviders client={createQueryClient()}>
        <IntegrationsPanel />
      </AppProviders>,
    );
    const row = await screen.findByRole("listitem", { name: "Old script" });
    expect(within(row).getByText("Expired", { selector: "span" })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: 'Remove "Old script"' }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
  });

  it("keeps focus in the panel: on the new token's copy button, then on a neighbour's Revoke or the name field", async () => {
    server();
    render(
      <AppProviders client={createQueryClient()}>
        <IntegrationsPanel />
      </AppProviders>,
    );
    expect(await screen.findByText("No tokens yet.")).toBeInTheDocument();
    for (const name of ["Laptop", "Phone"]) {
      await userEvent.type(screen.getByLabelText("Name"), `${name}{Enter}`);
      await screen.findByRole("listitem", { name });
      expect(screen.getByRole("button", { name: "Copy token" })).toHaveFocus();
    }

    const revoke = async (name: string) => {
      await userEvent.click(within(screen.getByRole("listitem", { name })).getByRole("button", { name: `Revoke "${name}"` }));
      await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
      await vi.waitFor(() => expect(screen.queryByRole("listitem", { name })).not.toBeInTheDocument());
    };
    await revoke("Phone");
    await vi.waitFor(() =>
      expect(within(screen.getByRole("listitem", { name: "Laptop" })).getByRole("button", { name: 'Revoke "Laptop"' })).toHaveFocus(),
    );
    await revoke("Laptop");
    await vi.waitFor(() => expect(screen.getByLabelText("Name")).toHaveFocus());
  });
});

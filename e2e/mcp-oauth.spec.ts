// Issue 54: the official MCP SDK client, given only the address, connects as claude.ai's and ChatGPT's
// connectors do (discovery, registration, the user's consent, PKCE), and its task appears on the open board.
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { memoryOAuthClient } from "../src/server/test/oauth-client.ts";
import { expect, expectNoAxeViolations, saveScreenshot, test, viewports } from "./fixtures.ts";
import { card, column } from "./board.ts";
import { signIn } from "./sign-in.ts";

// Never reached: the browser's request to it is answered here, as the connector's own page would.
const REDIRECT = "http://127.0.0.1:9/oauth/callback";

test("an MCP client with only the address is allowed by the user, adds a task to the open board, and stops when disconnected", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const person = { name: "Ada Connectors", email: `connectors-${Date.now()}@example.com` };
  await signIn(page, person);

  const { provider, consentUrl } = memoryOAuthClient({ name: "Journey Assistant", redirect: REDIRECT, uri: "https://assistant.example" });
  const endpoint = new URL(`${baseURL}/mcp`);
  const pending = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
  await expect(new Client({ name: "journey", version: "1.0.0" }).connect(pending)).rejects.toBeInstanceOf(UnauthorizedError);

  // The consent page on a phone not signed in yet: sign in first, then back to the same request.
  const phone = await browser.newContext({ viewport: viewports.phone });
  const consent = await phone.newPage();
  await consent.route(`${REDIRECT}**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>Connected</title>" }));
  await consent.goto(consentUrl()!.href);
  await consent.getByLabel("Name").fill(person.name);
  await consent.getByLabel("Email").fill(person.email);
  await consent.getByRole("button", { name: "Sign in" }).click();
  await expect(consent.getByRole("heading", { name: "Allow Journey Assistant to use Daywise?" })).toBeVisible();
  await expect(consent.getByText("assistant.example")).toBeVisible();
  await expect(consent.getByRole("listitem")).toHaveText([
    "See your tasks, goals and meetings",
    "Create, change, complete and delete your tasks",
  ]);
  await expect(consent.getByRole("button", { name: "Allow" })).toBeFocused();
  await expectNoAxeViolations(consent);
  await saveScreenshot(consent, "mcp-oauth-consent-phone");
  const callback = consent.waitForRequest((request) => request.url().startsWith(REDIRECT));
  await consent.keyboard.press("Enter");
  const code = new URL((await callback).url()).searchParams.get("code");
  expect(code).toBeTruthy();
  await pending.finishAuth(code!);

  const client = new Client({ name: "journey", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
  const created = await client.callTool({
    name: "create_tasks",
    arguments: { tasks: [{ title: "Booked through the connector", estimatedDuration: 20 }] },
  });
  expect(created.isError).toBeFalsy();
  // The open board hears of it live, without a reload.
  await expect(card(column(page, "To Do"), "Booked through the connector")).toBeVisible();

  await page.goto("/settings?tab=integrations");
  const panel = page.getByRole("tabpanel", { name: "Integrations" });
  const row = panel.getByRole("list", { name: "Connected apps" }).getByRole("listitem", { name: "Journey Assistant" });
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Last used");
  await saveScreenshot(page, "integrations-connected-app");
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(panel.getByText("No connected apps.", { exact: false })).toBeVisible();
  await expect(client.callTool({ name: "get_day", arguments: {} })).rejects.toThrow();
  await client.close();
  await phone.close();
});

import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

const mcpHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  accept: "application/json, text/event-stream",
  "content-type": "application/json",
});

test("a token made in Settings lets an MCP client read the day and add a task that appears on the board; revoked, it stops", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, { name: "Ada Integrations", email: `integrations-${Date.now()}@example.com` }, "/settings?tab=integrations");

  const panel = page.getByRole("tabpanel", { name: "Integrations" });
  await expect(panel.getByText("No tokens yet.")).toBeVisible();
  await panel.getByLabel("Name", { exact: true }).fill("Claude Desktop");
  await panel.getByLabel("Access", { exact: true }).selectOption("write");
  await panel.getByRole("button", { name: "Create token" }).click();
  const shown = panel.getByLabel("New token");
  await expect(shown).toContainText("dw_");
  const token = (await shown.textContent())!.trim();
  await expect(panel.getByRole("listitem", { name: "Claude Desktop" })).toContainText("Read and write");

  // The configuration as pasted into Cursor: this server's /mcp and the token just made.
  await panel.getByLabel("Client", { exact: true }).selectOption("cursor");
  await panel.getByRole("button", { name: "Copy configuration" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(config).toEqual({ mcpServers: { daywise: { url: `${baseURL}/mcp`, headers: { Authorization: `Bearer ${token}` } } } });
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "integrations-token-created");

  const { url, headers } = config.mcpServers.daywise;
  const callTool = async (name: string, args: Record<string, unknown>) => {
    const response = await request.post(url, {
      headers: mcpHeaders(headers.Authorization.replace("Bearer ", "")),
      data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
    });
    expect(response.status()).toBe(200);
    return (await response.json()).result;
  };
  const created = await callTool("create_tasks", { tasks: [{ title: "Planned by my assistant", estimatedDuration: 25 }] });
  expect(created.isError).toBeFalsy();
  const day = await callTool("get_day", {});
  expect(day.structuredContent.tasks.todo.map((task: { title: string }) => task.title)).toContain("Planned by my assistant");

  // The REST API answers the same token, without the web app's cookies or CSRF header.
  const rest = await request.get(`/api/tasks?date=${day.structuredContent.date}`, { headers: { authorization: `Bearer ${token}` } });
  expect((await rest.json()).map((task: { title: string }) => task.title)).toContain("Planned by my assistant");

  await page.goto("/");
  await expect(
    page
      .getByRole("article", { name: /Planned by my assistant/ })
      .or(page.getByText("Planned by my assistant"))
      .first(),
  ).toBeVisible();

  await page.goto("/settings?tab=integrations");
  await panel.getByRole("listitem", { name: "Claude Desktop" }).getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(panel.getByText("No tokens yet.")).toBeVisible();
  const refused = await request.post(url, {
    headers: mcpHeaders(token),
    data: { jsonrpc: "2.0", id: 2, method: "tools/list" },
  });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toMatch(/^Bearer/);
});

test.describe("on a phone", () => {
  test.use({ viewport: viewports.phone });

  test("a new token and the configuration holding it fit the screen; the configuration scrolls in its own box", async ({ page }) => {
    await signIn(page, { name: "Ada Phone Tokens", email: `integrations-phone-${Date.now()}@example.com` }, "/settings?tab=integrations");
    const panel = page.getByRole("tabpanel", { name: "Integrations" });
    await panel.getByLabel("Name", { exact: true }).fill("My phone");
    await panel.getByRole("button", { name: "Create token" }).click();
    await expect(panel.getByLabel("New token")).toContainText("dw_");
    const configuration = panel.getByLabel("Client configuration");
    await expect(configuration).toContainText("Bearer dw_");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await configuration.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await saveScreenshot(page, "integrations-token-created-phone");
  });
});

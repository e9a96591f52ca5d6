import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { api } from "./api.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

test("a webhook added in Settings gets a signed delivery of a completed task, and shows its deliveries and a test", async ({ page }) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/daywise`;
  try {
    await signIn(page, { name: "Ada Webhooks", email: `webhooks-${Date.now()}@example.com` }, "/settings?tab=integrations");
    const panel = page.getByRole("tabpanel", { name: "Integrations" });
    await expect(panel.getByText("No webhooks yet.")).toBeVisible();
    await panel.getByLabel("Address", { exact: true }).fill(url);
    await expect(panel.getByRole("checkbox", { name: "Task completed" })).toBeChecked();
    await panel.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await panel.getByLabel("Signing secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const row = panel.getByRole("listitem", { name: url });
    await expect(row).toContainText("Active");

    const done = await api(page).createTask({ title: "Ship the release" }, { status: "done" });
    await expect.poll(() => received.map((delivery) => JSON.parse(delivery.body).type)).toEqual(["task.created", "task.completed"]);
    const completed = received[1]!;
    expect(new Webhook(secret).verify(completed.body, completed.headers as Record<string, string>)).toMatchObject({
      type: "task.completed",
      data: { id: done.id, title: "Ship the release", status: "done" },
    });

    await row.getByRole("button", { name: "Deliveries" }).click();
    const deliveries = row.getByRole("list", { name: "Last deliveries" });
    await expect(deliveries.getByRole("listitem")).toHaveCount(2);
    await expect(deliveries).toContainText("task.completed");
    await row.getByRole("button", { name: "Send test" }).click();
    await expect.poll(() => received.length).toBe(3);
    await expect(async () => {
      await row.getByRole("button", { name: "Refresh" }).click();
      await expect(deliveries.getByRole("listitem").first()).toContainText(/Delivered.*webhook\.test/, { timeout: 1_000 });
    }).toPass();

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(panel.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

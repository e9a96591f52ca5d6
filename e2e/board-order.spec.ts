import type { Locator, Page } from "@playwright/test";
import type { CreateTaskInput, Task } from "../src/shared/api/tasks.ts";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { expect, saveScreenshot, test, viewports } from "./fixtures.ts";
import { afterPickUp, signIn, waitForBoard, waitForDragAndDrop } from "./sign-in.ts";
import { column } from "./board.ts";

// Decision 024: a column by start time, then the place the user drags a card to.
const today = () => todayInZone(new Date(), "Europe/Paris");

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Order ${label}`, email: `order-${label}-${Date.now()}-${people}@example.com` };
}

async function createTask(page: Page, input: CreateTaskInput): Promise<Task> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
  const response = await page.request.post("/api/tasks", { data: input, headers: { "X-CSRF-Token": csrf } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Task;
}

/** The card titles of a column, top to bottom. */
function titlesIn(page: Page, name: "To Do" | "In Progress" | "Done"): Locator {
  return column(page, name).getByRole("article").getByRole("heading");
}

function patches(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/tasks/")) sent.push(request.postData() ?? "");
  });
  return sent;
}

/**
 * A mouse drag from a card's heading to 8 px below the top of `target` (in small steps: dnd-kit starts
 * after 6 px), let go once `shown` (the card drawn at the place it would land) holds. The target is
 * measured again until then: on a busy machine a late re-render can move it while the pointer travels.
 */
async function dragTo(page: Page, source: Locator, target: Locator, shown: (timeout: number) => Promise<void>) {
  const from = await source.boundingBox();
  if (!from) throw new Error("drag source is not visible");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
  await expect(async () => {
    const to = await target.boundingBox();
    if (!to) throw new Error("drag target is not visible");
    await page.mouse.move(to.x + to.width / 2, to.y + 8, { steps: 16 });
    await shown(2_000);
  }).toPass({ timeout: 20_000 });
  await page.mouse.up();
}

test.describe("the order within a column", () => {
  // Tall enough that no drag comes near an edge, where dnd-kit scrolls the page under the pointer.
  test.use({ viewport: { ...viewports.desktop, height: 1200 } });

  test("sorts by start time, reorders by keyboard and pointer, keeps the order across a reload, and moves across columns in one PATCH", async ({
    page,
  }) => {
    test.slow();
    test.slow();
    await signIn(page, person("journey"));
    // Made in this order: the 9:30 task first.
    await createTask(page, { title: "Half past nine", date: today(), scheduledStartTime: "09:30" });
    await createTask(page, { title: "Nine o'clock", date: today(), scheduledStartTime: "09:00" });
    await createTask(page, { title: "Alpha", date: today() });
    await createTask(page, { title: "Bravo", date: today() });
    await createTask(page, { title: "Charlie", date: today() });
    await page.reload();
    await waitForBoard(page);
    await expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Alpha", "Bravo", "Charlie"]);
    await saveScreenshot(page, "board-order");
    const sent = patches(page);

    // Keyboard: Space picks Charlie up, up arrow moves it above Bravo, Space drops it.
    await waitForDragAndDrop(page);
    await column(page, "To Do").getByRole("button", { name: 'Move "Charlie"', exact: true }).focus();
    await page.keyboard.press("Space");
    await afterPickUp(page, 'Picked up "Charlie" from the To Do column.');
    await page.keyboard.press("ArrowUp");
    await expect(page.getByText('"Charlie" is over the To Do column. Place 4 of 5.')).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText('"Charlie" was dropped on the To Do column. Place 4 of 5.')).toBeAttached();
    await expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Alpha", "Charlie", "Bravo"]);
    await expect.poll(() => sent.length).toBe(1);
    expect(JSON.parse(sent[0]!)).toEqual({ position: 3.5 });

    // Pointer: Bravo dragged onto the upper half of Alpha goes above it (not above the timed cards).
    await dragTo(
      page,
      column(page, "To Do").getByRole("heading", { name: "Bravo" }),
      column(page, "To Do").getByRole("article", { name: /Alpha$/ }),
      (timeout) => expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Bravo", "Alpha", "Charlie"], { timeout }),
    );
    await expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Bravo", "Alpha", "Charlie"]);
    await expect.poll(() => sent.length).toBe(2);
    expect(Object.keys(JSON.parse(sent[1]!))).toEqual(["position"]);

    // A timed card keeps to its time: the 9:30 card dropped at the bottom stays second.
    await column(page, "To Do").getByRole("button", { name: 'Move "Half past nine"', exact: true }).focus();
    await page.keyboard.press("Space");
    await afterPickUp(page, 'Picked up "Half past nine" from the To Do column.');
    await page.keyboard.press("ArrowDown");
    // It says why it stays (issue 56, item 13): read at the key press, and in a toast after the drop.
    const why = 'Tasks with a time are ordered by time: to place "Half past nine" there, change its start time (9:30 AM).';
    await expect(page.getByTestId("board-time-order")).toContainText(why);
    await page.keyboard.press("Space");
    await expect(page.getByText('"Half past nine" was dropped on the To Do column. Place 2 of 5.')).toBeAttached();
    await expect(page.getByRole("status").filter({ hasText: "Kept in time order" })).toContainText(why);
    expect(sent.length).toBe(2);

    // Across columns at a place: Alpha to In Progress, above the card already there, one PATCH.
    await createTask(page, { title: "Delta", date: today() }).then(async (delta) => {
      const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
      await page.request.patch(`/api/tasks/${delta.id}`, { data: { status: "inprogress" }, headers: { "X-CSRF-Token": csrf } });
    });
    await page.reload();
    await waitForBoard(page);
    await expect(titlesIn(page, "In Progress")).toHaveText(["Delta"]);
    // The order survived the reload.
    await expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Bravo", "Alpha", "Charlie"]);
    await waitForDragAndDrop(page);
    const before = sent.length;
    await dragTo(
      page,
      column(page, "To Do").getByRole("heading", { name: "Alpha" }),
      column(page, "In Progress").getByRole("article", { name: /Delta$/ }),
      (timeout) => expect(titlesIn(page, "In Progress")).toHaveText(["Alpha", "Delta"], { timeout }),
    );
    await expect(titlesIn(page, "In Progress")).toHaveText(["Alpha", "Delta"]);
    await expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Bravo", "Charlie"]);
    await expect.poll(() => sent.length).toBe(before + 1);
    const body = JSON.parse(sent[before]!) as { status: string; position: number };
    expect(body.status).toBe("inprogress");
    expect(typeof body.position).toBe("number");

    await page.reload();
    await waitForBoard(page);
    await expect(titlesIn(page, "In Progress")).toHaveText(["Alpha", "Delta"]);
    await expect(titlesIn(page, "To Do")).toHaveText(["Nine o'clock", "Half past nine", "Bravo", "Charlie"]);
    expect(sent.length).toBe(before + 1);
  });
});

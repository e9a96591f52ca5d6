// The Today board on a 375 px touch phone: one column at a time behind status tabs, a one-row day
// header, the quick add's example shown whole, drag onto a tab, and the menu from the first tap.
import type { Locator, Page } from "@playwright/test";
import { todayInZone } from "../src/shared/rules/dates.ts";
import { api } from "./api.ts";
import { expect, saveScreenshot, test } from "./fixtures.ts";
import { afterPickUp, signIn, waitForBoard, waitForDragAndDrop } from "./sign-in.ts";
import { card, column } from "./board.ts";

const today = () => todayInZone(new Date(), "Europe/Paris");

let people = 0;
function person(label: string) {
  people += 1;
  return { name: `Phone ${label}`, email: `phone-${label}-${Date.now()}-${people}@example.com` };
}

function tab(page: Page, name: RegExp | string): Locator {
  return page.getByRole("tablist", { name: "Task status" }).getByRole("tab", { name });
}

async function seedDay(page: Page) {
  const calls = api(page);
  for (const title of ["Plan the sprint", "Call the bank", "Book the dentist"]) await calls.createTask({ title, date: today() });
  await calls.createTask({ title: "Write the report", date: today() }, { status: "inprogress" });
  for (const title of ["Email the team", "Water the plants"]) await calls.createTask({ title, date: today() }, { status: "done" });
  await page.reload();
  await waitForBoard(page);
}

/** The element's box's vertical middle lies within `row`'s top and bottom. */
async function expectOnRow(row: Locator, others: Locator[]) {
  const box = (await row.boundingBox())!;
  for (const other of others) {
    const otherBox = (await other.boundingBox())!;
    const middle = otherBox.y + otherBox.height / 2;
    expect(middle, `${other.toString()} on the row of ${row.toString()}`).toBeGreaterThanOrEqual(box.y);
    expect(middle, `${other.toString()} on the row of ${row.toString()}`).toBeLessThanOrEqual(box.y + box.height);
  }
}

/** Touch input as the phone's screen sends it (Chromium's own touch events, through DevTools). */
async function touchscreen(page: Page) {
  const session = await page.context().newCDPSession(page);
  const send = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    session.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  return {
    start: (x: number, y: number) => send("touchStart", x, y),
    move: async (from: { x: number; y: number }, to: { x: number; y: number }, steps: number) => {
      for (let step = 1; step <= steps; step += 1) {
        await send("touchMove", from.x + ((to.x - from.x) * step) / steps, from.y + ((to.y - from.y) * step) / steps);
      }
    },
    end: () => send("touchEnd", 0, 0),
  };
}

test.describe("the Today board on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("shows one column at a time behind status tabs, a one-row header and the quick add's example whole", async ({ page }) => {
    test.slow();
    await signIn(page, person("tabs"));
    await seedDay(page);

    const tabs = page.getByRole("tablist", { name: "Task status" }).getByRole("tab");
    await expect(tabs).toHaveText(["To Do 3", "In Progress 1", "Done 2"]);
    await expect(tab(page, "To Do 3")).toHaveAttribute("aria-selected", "true");
    await expect(card(column(page, "To Do"), "Plan the sprint")).toBeVisible();
    await expect(column(page, "In Progress")).toHaveCount(0); // hidden, so not in the accessibility tree
    await expect(column(page, "Done")).toHaveCount(0);

    await tab(page, "Done 2").tap();
    await expect(tab(page, "Done 2")).toHaveAttribute("aria-selected", "true");
    await expect(card(column(page, "Done"), "Email the team")).toBeVisible();
    await expect(column(page, "To Do")).toHaveCount(0);
    // The keyboard: the arrows move along the tabs and show each one's column.
    await tab(page, "Done 2").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "In Progress 1")).toBeFocused();
    await expect(card(column(page, "In Progress"), "Write the report")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "To Do 3")).toBeFocused();
    await expect(card(column(page, "To Do"), "Plan the sprint")).toBeVisible();

    // The day header: arrows, heading and every button on one row, the spec's names kept.
    const day = page.getByRole("navigation", { name: "Day" });
    await expectOnRow(day.getByRole("button", { name: "Previous day" }), [
      page.getByRole("heading", { level: 1, name: "Today" }),
      page.getByRole("button", { name: "Future Tasks" }),
      page.getByRole("button", { name: "Add Task" }),
      page.getByRole("button", { name: "End Day (4)" }),
    ]);
    const wrapUpBox = (await page.getByRole("button", { name: "End Day (4)" }).boundingBox())!;
    expect(wrapUpBox.x + wrapUpBox.width).toBeLessThanOrEqual(375);

    // The quick add's example fits its field.
    const quickAdd = page.getByRole("textbox", { name: "Quick add a task" });
    const fit = await quickAdd.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room, scrollWidth: input.scrollWidth, clientWidth: input.clientWidth };
    });
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.text).toBeLessThanOrEqual(fit.room);

    await saveScreenshot(page, "phone-board-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await saveScreenshot(page, "phone-board-dark");
  });

  test("moves a card to another status by dragging it onto that status's tab, by touch", async ({ page }) => {
    test.slow();
    await signIn(page, person("drag"));
    await seedDay(page);
    await waitForDragAndDrop(page);

    const source = card(column(page, "To Do"), "Book the dentist");
    await source.scrollIntoViewIfNeeded();
    const from = (await source.getByRole("heading").boundingBox())!;
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const touch = await touchscreen(page);
    await touch.start(start.x, start.y);
    // A press and hold picks the card up: what the page shows, not a timer, says when it has.
    await expect(page.getByText('Picked up "Book the dentist" from the To Do column.')).toBeAttached();
    const target = (await tab(page, /^Done/).boundingBox())!;
    await touch.move(start, { x: target.x + target.width / 2, y: target.y + target.height / 2 }, 12);
    await expect(tab(page, /^Done/)).toHaveClass(/ring-indigo-400/);
    const patch = page.waitForRequest((request) => request.method() === "PATCH" && request.url().includes("/api/tasks/"));
    await touch.end();
    expect((await patch).postDataJSON()).toEqual({ status: "done", position: expect.any(Number) });

    // It left the To Do list, which stays shown, and the counts follow.
    await expect(tab(page, "To Do 2")).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, "Done 3")).toBeVisible();
    await expect(card(column(page, "To Do"), "Book the dentist")).toHaveCount(0);
    await tab(page, "Done 3").tap();
    await expect(card(column(page, "Done"), "Book the dentist")).toBeVisible();

    // By keyboard too: the arrows choose another column, drawn at its tab while it is hidden.
    await tab(page, "To Do 2").tap();
    await column(page, "To Do").getByRole("button", { name: 'Move "Call the bank"', exact: true }).focus();
    await page.keyboard.press("Space");
    await afterPickUp(page, 'Picked up "Call the bank" from the To Do column.');
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText('"Call the bank" is over the In Progress column.')).toBeAttached();
    await expect(tab(page, /^In Progress/)).toHaveClass(/ring-indigo-400/);
    const keyboardPatch = page.waitForRequest((request) => request.method() === "PATCH" && request.url().includes("/api/tasks/"));
    await page.keyboard.press("Space");
    expect((await keyboardPatch).postDataJSON()).toEqual({ status: "inprogress", position: expect.any(Number) });
    await expect(tab(page, "In Progress 2")).toBeVisible();

    await page.reload();
    await waitForBoard(page);
    await tab(page, "Done 3").tap();
    await expect(card(column(page, "Done"), "Book the dentist")).toBeVisible();
  });

  test("the menu opens on a tap right after the page loads, before its code has arrived", async ({ page }) => {
    await signIn(page, person("menu"));
    // Hold the menu's code back until the tap has been made, so the tap lands before it arrives.
    let releaseCode!: () => void;
    const tapped = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route(/\/assets\/mobile-nav-menu-[^/]*\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open navigation menu" });
    await button.tap();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await button.evaluate((element) => element.setAttribute("data-first-painted", ""));
    releaseCode();
    const menu = page.getByRole("navigation", { name: "Main" }).getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Tasks", "Goals", "Insights", "Settings"]);
    // The same button element throughout, now showing the open menu.
    await expect(button).toHaveAttribute("data-first-painted", "");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).not.toHaveAttribute("aria-busy");
    // A second tap on it closes the menu.
    await button.tap();
    await expect(menu).toHaveCount(0);
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // And with nothing held back: a tap at once after load opens it.
    await page.unroute(/\/assets\/mobile-nav-menu-[^/]*\.js$/);
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigation menu" }).tap();
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Goals" })).toBeVisible();
    await page.getByRole("menu").getByRole("menuitem", { name: "Goals" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Goals" })).toBeVisible();
  });
});

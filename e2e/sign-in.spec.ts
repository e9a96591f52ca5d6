import { expect, test } from "./fixtures.ts";
import { signIn, signInThroughUi } from "./sign-in.ts";

// Issue 3's journey: the welcome screen, sign-in through the built-in provider, a reload that
// keeps the session, logout, and a back button that does not bring the session back.
test("sign in, stay signed in across a reload, log out for good", async ({ page }) => {
  const person = { name: "Ada Lovelace", email: `ada-${Date.now()}@example.test` };
  await signInThroughUi(page, person);
  await expect(page.getByRole("banner")).toContainText(`Welcome, ${person.name}`);

  await page.reload();
  await expect(page.getByRole("banner")).toContainText(`Welcome back, ${person.name}`);
  const user = await page.request.get("/api/user");
  expect(await user.json()).toMatchObject({ name: person.name, email: person.email });

  await page
    .getByRole("button", { name: /account menu|Ada Lovelace|AL/i })
    .first()
    .click();
  await expect(page.getByRole("menu")).toContainText(person.email);
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();

  // Back leads to the provider's finished sign-in page at most; the session stays gone.
  await page.goBack();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();
});

test("the same e-mail signs in as the same user; the return path stays on this site", async ({ page, baseURL }) => {
  const email = `grace-${Date.now()}@example.test`;
  await signInThroughUi(page, { name: "Grace Hopper", email });
  const first = await (await page.request.get("/api/user")).json();

  // Leave the app first: signed out, its open page may navigate itself and abort this goto.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/auth/local?returnTo=//evil.example/steal");
  await page.getByLabel("Name").fill("Grace B. Hopper");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("banner")).toContainText("Welcome back, Grace B. Hopper");
  expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
  const second = await (await page.request.get("/api/user")).json();
  expect(second.id).toBe(first.id);
  expect(second.name).toBe("Grace B. Hopper");
});

test("an expired access cookie is renewed with the refresh token, which rotates, without leaving the page", async ({ page }) => {
  await signIn(page, { name: "Alan Turing", email: `alan-${Date.now()}@example.test` });
  const refreshCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === "refresh_token")?.value;
  const before = await refreshCookie();
  expect(before).toBeTruthy();

  // As after an hour away: the access cookie is gone; the page's next calls get 401, refresh once
  // and repeat. Two days back is not loaded yet (the page's first answers may hold the server's
  // today, which is the browser's yesterday between their midnights), so the board must call for it.
  await page.context().clearCookies({ name: "access_token" });
  const dayCall = page.waitForResponse((response) => response.url().includes("/api/tasks?date=") && response.status() === 200);
  await page.getByRole("button", { name: "Previous day" }).click();
  await page.getByRole("button", { name: "Previous day" }).click();
  await dayCall;
  await expect(page.getByRole("button", { name: "Add Task" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Goals" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Goals" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New Goal" })).toBeVisible();
  await expect.poll(refreshCookie).not.toBe(before);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "access_token")).toBe(true);
  await expect(page.getByRole("banner")).toContainText("Alan Turing");

  // A reload with only the rotated refresh cookie left: the returning visitor is renewed (decision 004).
  await page.context().clearCookies({ name: "access_token" });
  await page.reload();
  await expect(page.getByRole("banner")).toContainText("Alan Turing");
});

test("twenty tabs refreshing together, ten times over, never sign the user out", async ({ page }) => {
  test.slow();
  await signIn(page, { name: "Tab Hoarder", email: `tabs-${Date.now()}@example.test` });
  // Light pages of the app's origin: they share the browser's cookies, as twenty board tabs do.
  const tabs = await Promise.all(Array.from({ length: 20 }, () => page.context().newPage()));
  await Promise.all(tabs.map((tab) => tab.goto("/manifest.webmanifest")));
  for (let round = 0; round < 10; round += 1) {
    const statuses = await Promise.all(
      tabs.map((tab) =>
        tab.evaluate(async () => {
          const csrf = document.cookie.match(/(?:^|; )csrfToken=([^;]*)/)?.[1] ?? "";
          const response = await fetch("/auth/refresh", { method: "POST", headers: { "X-CSRF-Token": decodeURIComponent(csrf) } });
          return response.status;
        }),
      ),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }
  expect((await page.request.get("/api/user")).status()).toBe(200);
  await Promise.all(tabs.map((tab) => tab.close()));
  await page.reload();
  await expect(page.getByRole("banner")).toContainText("Tab Hoarder");
});

import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { holdEntryScript } from "./support/hydration.ts";

// The page comes alive in slices, so a slow phone can take a tap meanwhile. Coming alive can move the
// page (the welcome the server showed gives way to a toast): a press made then must still reach what
// was pressed, here the dashboard's Sign out, not whatever moved under the finger.

interface PressRecord {
  /** React had taken the document (it marks it as its root) when the press began. */
  hydrating?: boolean;
  /** The server's welcome was still shown then: the page was not live yet. */
  welcomeShown?: boolean;
}

/** Signs up (the next page shows the welcome), then presses the dashboard's Sign out as it comes alive. */
async function pressSignOutAsTheDashboardComesAlive(page: Page, context: BrowserContext): Promise<PressRecord> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const password = "Pressing2026";
  const signedUp = await page.request.post("/?index", {
    form: { intent: "signup", fullName: "Pat Press", email: `press-${crypto.randomUUID()}@example.com`, password, confirmPassword: password },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(signedUp.status(), "signing up answers with a redirect to the dashboard").toBe(302);

  // The app's entry waits until the finger is over the button, so that the press comes as React hydrates.
  const startEntry = await holdEntryScript(page);
  await page.goto("/dashboard", { waitUntil: "commit" });
  await page.evaluate(() => sessionStorage.removeItem("press"));
  await expect(page.getByRole("status").filter({ hasText: "Welcome" })).toBeVisible();
  const box = (await page.getByRole("button", { name: "Sign out", exact: true }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  // A slow phone: hydration spreads over many slices.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 40 });
  startEntry();
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")), undefined, { polling: "raf" });
  await page.mouse.down();
  await page.mouse.up();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.unrouteAll();

  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const record = await page.evaluate(() => sessionStorage.getItem("press"));
  // Signed out for the server too: the dashboard sends a visitor to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/auth=login/);
  return record ? (JSON.parse(record) as PressRecord) : {};
}

test("a press made while the page comes alive reaches what was pressed, though the page moves under it", async ({ page, context }) => {
  // At a page's first press, before anything of the page's own runs: how far the page had come (kept
  // in the tab's storage, as signing out loads another page).
  await page.addInitScript(() => {
    addEventListener(
      "pointerdown",
      () => {
        if (sessionStorage.getItem("press")) return;
        const press: PressRecord = {
          hydrating: Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
          welcomeShown: [...document.querySelectorAll("[role=status]")].some((status) => status.textContent.includes("Welcome")),
        };
        sessionStorage.setItem("press", JSON.stringify(press));
      },
      { capture: true },
    );
  });
  // Every press must sign out; how soon React finishes hydrating varies with the machine's load, so the
  // press is made again (each time signing out) until one has come while React was hydrating.
  const presses: PressRecord[] = [];
  while (presses.length < 3 && !presses.some((press) => press.hydrating && press.welcomeShown)) {
    presses.push(await pressSignOutAsTheDashboardComesAlive(page, context));
  }
  expect(presses, "a press came while React was hydrating").toContainEqual({ hydrating: true, welcomeShown: true });
});

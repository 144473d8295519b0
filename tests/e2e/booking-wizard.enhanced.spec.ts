import { expect, test } from "@playwright/test";
import { hydrated } from "./support/hydration.ts";
import { continueButton, expectStep, fillContact, fillDetails } from "./support/wizard.ts";

// A step reached by a client-side navigation starts at the top at once, as a page loaded afresh does.
// Were the page to scroll there smoothly, the step's buttons would move under a finger that taps them
// while it does, and the tap would land on nothing.
test("on a phone the next step starts at the top at once, not scrolling there", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/book?team=luxury&service=long_distance");
  await hydrated(page);
  await fillContact(page);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await fillDetails(page);
  await page.evaluate(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    const seen: number[] = [];
    (window as unknown as { scrollsSeen: number[] }).scrollsSeen = seen;
    // Only the scrolls of the next step count: the event of the jump above may come frames later.
    window.addEventListener("scroll", () => {
      if (window.location.pathname.endsWith("/team")) seen.push(window.scrollY);
    });
  });
  expect(await page.evaluate(() => window.scrollY), "the details step is taller than the phone's screen").toBeGreaterThan(300);

  await continueButton(page).click();
  await expectStep(page, "Team");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Every scroll the page made on the way: one jump to the top, no positions in between.
  const scrolls = await page.evaluate(() => (window as unknown as { scrollsSeen: number[] }).scrollsSeen);
  expect(scrolls.filter((y) => y !== 0)).toEqual([]);
});

// With JavaScript a field is checked as the customer leaves it, and again as they correct it: the
// message comes before Continue, without asking the server.
test("a field left wrong says so at once, and the message goes as it is corrected, before Continue", async ({ page }) => {
  await page.goto("/book");
  await hydrated(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const email = page.getByLabel("Email");
  await email.fill("gus@example");
  await email.press("Tab");
  await expect(email).toHaveAccessibleDescription("Valid email address is required");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // Only the field left is checked: the name, not yet visited, says nothing.
  await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");

  await email.pressSequentially(".com");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("");
  expect(posts).toEqual([]);
});

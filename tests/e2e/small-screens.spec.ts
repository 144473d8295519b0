import { expect, type Page, test } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, failedMessage, getServiceClient, latestEmailTo } from "./support/backend.ts";
import { insertWebsiteEvents, sampleWebsiteEvents } from "./support/website-events.ts";
import { ADMIN_PAGES, adminMenuTrigger } from "./support/admin-pages.ts";
import { continueButton, expectStep, fillContact, fillDetails } from "./support/wizard.ts";

// A small phone: 360 CSS pixels wide is the narrowest screen in common use.
test.use({ viewport: { width: 360, height: 740 } });

/**
 * What a phone shows badly: a page that scrolls sideways, a link or button whose text spills out of
 * its box or off the screen, and a button (or anything styled as one) whose label wraps onto a second line.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);

    /** How many lines the visible text inside `element` takes (text hidden for screen readers only is skipped). */
    function textLines(element: Element): number {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement) continue;
        const box = node.parentElement.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = Number.NEGATIVE_INFINITY;
      for (const rect of rects) {
        if (rect.top >= bottom - 2) {
          lines++;
          bottom = rect.bottom;
        } else {
          bottom = Math.max(bottom, rect.bottom);
        }
      }
      return lines;
    }

    function looksLikeButton(element: HTMLElement, style: CSSStyleDeclaration): boolean {
      if (element.matches("button, summary, [role='button']")) return true;
      if (/flex|grid|inline-block/.test(style.display)) return true;
      const hasBackground = style.backgroundColor !== "rgba(0, 0, 0, 0)" && style.backgroundColor !== "transparent";
      const hasBorder = ["Top", "Right", "Bottom", "Left"].some((side) => Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0);
      return hasBackground || hasBorder;
    }

    for (const element of document.querySelectorAll<HTMLElement>("a, button, summary, [role='button']")) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const text = element.innerText.replace(/\s+/g, " ").trim();
      if (!text) continue;
      const name = `"${text}" (${element.tagName.toLowerCase()})`;
      const style = getComputedStyle(element);

      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${name} overflows its box sideways: ${element.scrollWidth}px of content in ${element.clientWidth}px`);
      }
      if (element.scrollHeight > element.clientHeight + 1) {
        problems.push(`${name} overflows its box downwards: ${element.scrollHeight}px of content in ${element.clientHeight}px`);
      }
      if (box.left < -1 || box.right > root.clientWidth + 1) {
        problems.push(`${name} sticks out of the screen: from ${Math.round(box.left)}px to ${Math.round(box.right)}px`);
      }
      if (looksLikeButton(element, style)) {
        const lines = textLines(element);
        if (lines > 1) problems.push(`${name} wraps onto ${lines} lines`);
      }
    }
    return problems;
  });
}

const PAGES: Array<{ path: string; heading: string | RegExp }> = [
  { path: "/", heading: /^Moving across/ },
  { path: "/?auth=login", heading: "Welcome back" },
  { path: "/?auth=signup", heading: "Create your account" },
  { path: "/?auth=forgot", heading: "Reset your password" },
  { path: "/reset-password", heading: "Choose a new password" },
  { path: "/reset-password?token_hash=abc&type=recovery", heading: "Choose a new password" },
  { path: "/no-such-page", heading: "Oops! Page not found" },
];

// One page visits them all, each as a first visit; every one is checked before the problems are
// compared, so a failure names each page that has one.
test("the signed-out pages fit a 360px phone: no sideways scrolling, no wrapped or spilling buttons", async ({ page }) => {
  const problems: string[] = [];
  for (const { path, heading } of PAGES) {
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading }).first(), path).toBeVisible();
    problems.push(...(await layoutProblems(page)).map((problem) => `${path}: ${problem}`));
  }
  expect(problems).toEqual([]);
});

test("the open side menu fits a 360px phone", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("link", { name: "Open menu" })
    .or(page.getByRole("button", { name: "Open menu" }))
    .click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
});

test("each add-on price keeps its figures with their units on one line", async ({ page }) => {
  await page.goto("/");
  const cards = page
    .locator("#services")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 4 }) });
  await expect(cards).toHaveCount(5);
  const prices = cards.locator("p").filter({ hasText: /^\$\d/ });
  await expect(prices).toHaveCount(5);
  const broken = await prices.evaluateAll((elements) =>
    elements.flatMap((element) => {
      // The text nodes of the price, with where each starts in the whole text.
      const nodes: Array<{ node: Text; start: number }> = [];
      let whole = "";
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({ node: node as Text, start: whole.length });
        whole += node.textContent ?? "";
      }
      const locate = (offset: number) => {
        const found = nodes.findLast((candidate) => candidate.start <= offset);
        if (!found) throw new Error(`no text at ${offset} in "${whole}"`);
        return [found.node, offset - found.start] as const;
      };
      // A price may break between its parts ("$150 first bedroom," / "$50 each after"), never inside one.
      const parts: Array<{ text: string; start: number }> = [];
      for (const match of whole.matchAll(/[^,]+/g)) {
        const leading = match[0].length - match[0].trimStart().length;
        parts.push({ text: match[0].trim(), start: match.index + leading });
      }
      return parts
        .filter((part) => {
          const range = document.createRange();
          range.setStart(...locate(part.start));
          range.setEnd(...locate(part.start + part.text.length));
          // Pieces of one line overlap vertically; a piece starting below the previous ones starts a new line.
          const rects = Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .sort((a, b) => a.top - b.top);
          return rects.some((rect, index) => index > 0 && rect.top >= Math.max(...rects.slice(0, index).map((r) => r.bottom)) - 2);
        })
        .map((part) => `"${part.text}" breaks across lines`);
    }),
  );
  expect(broken).toEqual([]);
});

test("every booking wizard step, the review included, fits a 360px phone", async ({ page }) => {
  const fits = async (step: string) => {
    await expectStep(page, step);
    expect(await layoutProblems(page), step).toEqual([]);
  };
  await page.goto("/book?team=luxury&service=long_distance");
  await fits("Contact");
  await fillContact(page, {
    name: "Bartholomew Alexander Montgomery-Richardson",
    email: "bartholomew.montgomery-richardson@example.com",
    phone: "(404) 555-0100",
  });
  await continueButton(page).click();
  await fits("Move details");
  await fillDetails(page);
  await page.getByLabel("Pickup address").fill("1600 Peachtree Industrial Boulevard Northeast, Building 4, Suite 1200, Chamblee, Georgia 30341");
  await continueButton(page).click();
  await fits("Team");
  await continueButton(page).click();
  await fits("Service");
  await continueButton(page).click();
  await fits("Add-ons");
  await page.getByLabel("Packing service").check();
  await page.getByRole("button", { name: "More: Deep cleaning (bedrooms)" }).click();
  await expect(page.getByLabel("Deep cleaning (bedrooms)", { exact: true })).toHaveValue("1");
  await page
    .getByLabel("Special instructions (optional)")
    .fill("A very long note: https://example.com/photos-of-the-piano-and-the-stairs-leading-to-the-third-floor-flat");
  await continueButton(page).click();
  await fits("Review and pay");
});

test("the customer dashboard fits a 360px phone", async ({ page }) => {
  const customer = await createTestUser({ fullName: "Sam Small" });
  await signInDirectly(page, customer);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await layoutProblems(page), "/dashboard").toEqual([]);
});

test("on a 390px phone the dashboard leads with the next move, above the fold", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createTestUser({ fullName: "Fold Finder" });
  await createBooking(customer, { moving_from: "7 Above The Fold Rd", status: "confirmed" });
  await signInDirectly(page, customer);
  await expect(page).toHaveURL(/\/dashboard$/);
  // 'Your next move' names it, whole on the first screen, without scrolling.
  const next = page.getByRole("region", { name: "Your next move" });
  await expect(next).toContainText("7 Above The Fold Rd");
  const box = await next.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  expect(await layoutProblems(page)).toEqual([]);
});

test("every admin page fits a 360px phone", async ({ page }) => {
  // The users page with something on it: the newest accounts, with long details and every role.
  const customer = await createTestUser({ fullName: `Bartholomew Alexander Montgomery-Richardson ${Date.now().toString(36)}` });
  const service = await getServiceClient();
  const profile = await service
    .from("profiles")
    .update({
      phone: "+44 20 7946 0958 ext. 12345",
      address: "1600 Peachtree Industrial Boulevard Northeast, Building 4, Suite 1200, Chamblee, Georgia 30341",
      bio: "Moving our whole household, a piano and two very opinionated cats across the metro area next spring.",
    })
    .eq("user_id", customer.id);
  if (profile.error) throw profile.error;
  const moderator = await createTestUser({ fullName: "Mo Moderator" });
  const granted = await service.from("user_roles").insert({ user_id: moderator.id, role: "moderator" });
  if (granted.error) throw granted.error;
  // The Website Analytics tab with data on it: long page names, badges, the chart and the funnel.
  await insertWebsiteEvents(sampleWebsiteEvents("e2e small-screen visitors"));
  // The mailbox with a message in it: the customer asks for a reset link.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const asked = await page.request.post("/?index", { form: { intent: "forgot", email: customer.email }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(asked.status(), "the reset form answers with a redirect").toBe(302);
  await expect.poll(() => latestEmailTo(customer.email)?.type).toBe("recovery");
  // The messages with a failed one on it: a long address and the provider's long answer.
  await failedMessage(
    await createBooking(customer),
    `550 5.1.1 <${customer.email}>: Recipient address rejected: User unknown in virtual mailbox table; the mailbox is full or disabled`,
  );
  const admin = await createTestUser({ fullName: "Ada Admin", admin: true });
  await signInDirectly(page, admin, "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  expect(await layoutProblems(page), "/admin").toEqual([]);
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (path === "/admin/users") await expect(page.getByRole("listitem", { name: customer.fullName })).toBeVisible();
    if (path === "/admin/mail") await expect(page.getByText(customer.email).first()).toBeVisible();
    if (path === "/admin/messages") await expect(page.getByRole("button", { name: /^Send again/ }).first()).toBeVisible();
    expect(await layoutProblems(page), path).toEqual([]);
  }
  // The drawer, open.
  await adminMenuTrigger(page).click();
  await expect(page.getByRole("navigation", { name: "Admin (menu)" })).toBeVisible();
  expect(await layoutProblems(page), "the admin drawer").toEqual([]);
});

import { expect, test } from "@playwright/test";
import { expectIllustrationShown } from "./support/illustrations.ts";
import { expectStep } from "./support/wizard.ts";

test.describe("landing page", () => {
  test("Start Booking Now opens the booking wizard at its first step", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Start Booking Now" }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expectStep(page, "Contact");
  });

  test("the call to book counts the steps the wizard shows", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Six short steps, then your date is held.")).toBeVisible();
    await page.getByRole("link", { name: "Start Booking Now" }).click();
    await expectStep(page, "Contact");
    await expect(page.getByRole("navigation", { name: "Booking steps" }).getByRole("listitem")).toHaveCount(6);
  });

  test("shows the hero, rating, testimonials, services and calls to action", async ({ page }) => {
    await page.goto("/");

    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("4.6/5 from verified customers")).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Your Move" })).toHaveAttribute("href", "/book");
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(page.getByRole("link", { name: "Start Booking Now" })).toBeVisible();

    const testimonials = page.getByRole("region", { name: "What our customers say" });
    await expect(testimonials.getByRole("listitem")).toHaveCount(6);

    const services = page.locator("#services");
    await expect(services.getByRole("heading", { name: "Elite Team" })).toBeVisible();
    await expect(services.getByRole("heading", { name: "Luxury Team" })).toBeVisible();
    await expect(services.getByRole("article").filter({ hasText: "Elite Team" }).getByText("$150", { exact: true })).toBeVisible();
    await expect(services.getByRole("article").filter({ hasText: "Luxury Team" }).getByText("$175", { exact: true })).toBeVisible();
    // A price shown is a price charged: the add-ons the booking wizard sells show its figures and pre-select it.
    const bookable: Array<[name: string, price: string, href: string]> = [
      ["Extra Movers", "$35 per mover", "/book?extraMovers=1"],
      ["Deep Cleaning", "$150 first bedroom, $50 each after", "/book?deepCleaningBedrooms=1"],
      ["TV Mounting", "$120 first TV, $20 each after", "/book?tvMounting=1"],
    ];
    for (const [name, price, href] of bookable) {
      const card = services.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: `Add to my move (${name})`, exact: true })).toHaveAttribute("href", href);
    }
    // The others are not sold online: their advertised prices, and a phone call to add them.
    const byPhone: Array<[name: string, price: string]> = [
      ["Furniture Assembly", "$65 per hour"],
      ["Junk Removal", "$95+"],
    ];
    for (const [name, price] of byPhone) {
      const card = services.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: `Call to add ${name}`, exact: true })).toHaveAttribute("href", "tel:+14045550182");
      await expect(card.getByRole("link", { name: /^Add to my move/ })).toHaveCount(0);
    }
    await expect(services.getByRole("link", { name: /^Add to my move/ })).toHaveCount(bookable.length);
    await expect(services.getByText(/\$45|\$89/)).toHaveCount(0);

    await expect(page.getByRole("contentinfo")).toContainText("(404) 555-0182");
  });

  test("header anchors lead to the services and about sections", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/#services$/);
    await expect(page.getByRole("heading", { name: "Our services" })).toBeInViewport();
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/#about$/);
    await expect(page.getByRole("heading", { name: /^About / })).toBeInViewport();
  });

  test("offers Sign In and Sign Up", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/?auth=login");
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/?auth=signup");
  });

  test("on a 360px phone the side menu opens and its links navigate", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page
      .getByRole("link", { name: "Open menu" })
      .or(page.getByRole("button", { name: "Open menu" }))
      .click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Sign Up" })).toBeVisible();

    await menu.getByRole("link", { name: "Services" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "Our services" })).toBeInViewport();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px every testimonial shows whole and stands still, with no sideways scrolling`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const testimonials = page.getByRole("region", { name: "What our customers say" });
      const cards = testimonials.getByRole("listitem");
      await expect(cards).toHaveCount(6);
      // Each quote once: no hidden copy for a loop.
      await expect(testimonials.locator("blockquote")).toHaveCount(6);
      for (const card of await cards.all()) {
        await card.scrollIntoViewIfNeeded();
        await expect(card).toBeInViewport();
        // Whole across the screen, and its words inside its box.
        const box = (await card.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(await card.locator("figure").evaluate((figure) => figure.scrollWidth <= figure.clientWidth && figure.scrollHeight <= figure.clientHeight)).toBe(
          true,
        );
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      expect(await testimonials.evaluate((section) => section.scrollWidth - section.clientWidth)).toBe(0);
      expect(await testimonials.evaluate((section) => section.getAnimations({ subtree: true }).length)).toBe(0);
    });
  }

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px the hero shows the crew and their truck`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
      await expectIllustrationShown(hero.getByRole("img", { name: "Two movers carrying a box to a moving truck" }));
    });
  }

  test("the page is set in Figtree, one preloaded file from the site itself", async ({ page, baseURL }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto("/");
    await expect
      .poll(() =>
        page.evaluate(() => Array.from(document.fonts).some((face) => face.family.replaceAll('"', "") === "Figtree Variable" && face.status === "loaded")),
      )
      .toBe(true);
    expect(await page.evaluate(() => [400, 500, 600, 700].every((weight) => document.fonts.check(`${weight} 16px "Figtree Variable"`)))).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /^"Figtree Variable"/);
    await expect(page.locator("body")).toHaveCSS("font-family", /^"Figtree Variable"/);
    // The Latin file only, fetched once (the preload and the style sheet share the request), from this site.
    expect(fonts).toHaveLength(1);
    const font = new URL(fonts[0]!);
    expect(font.origin).toBe(new URL(baseURL!).origin);
    expect(font.pathname).toMatch(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/);
    await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveAttribute("href", font.pathname);
  });
});

test.describe("not-found page", () => {
  test("answers 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expectIllustrationShown(page.getByRole("main").locator("img"));
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("4.6/5 from verified customers")).toBeVisible();
  });
});

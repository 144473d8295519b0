import { expect, test } from "@playwright/test";
import { expectStep } from "./support/wizard.ts";

test.describe("landing page", () => {
  test("Start Booking Now opens the booking wizard at its first step", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Start Booking Now" }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expectStep(page, "Contact");
  });

  test("shows the hero, rating, testimonials, services and calls to action", async ({ page }) => {
    await page.goto("/");

    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("4.6/5 from verified customers")).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Your Move" })).toHaveAttribute("href", "/book");
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(page.getByRole("link", { name: "Start Booking Now" })).toBeVisible();

    const testimonials = page.getByRole("region", { name: "What our customers say" });
    // Six testimonials; the looping copy is hidden from assistive technology.
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

  test("the testimonial strip pauses on hover and stands still for reduced motion", async ({ page }) => {
    await page.goto("/");
    const track = page.locator(".animate-marquee");
    await expect(track).toHaveCSS("animation-play-state", "running");
    // The track itself never stands still; hover the window it scrolls in.
    await track.locator("xpath=..").hover();
    await expect(track).toHaveCSS("animation-play-state", "paused");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(track).toHaveCSS("animation-name", "none");
  });
});

test.describe("not-found page", () => {
  test("answers 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("4.6/5 from verified customers")).toBeVisible();
  });
});

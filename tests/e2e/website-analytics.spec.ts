import { randomUUID } from "node:crypto";
import { chartWords } from "./support/chart-text.ts";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser } from "./support/backend.ts";
import { insertWebsiteEvents, keepOnlyEventsOf, type SeedEvent } from "./support/website-events.ts";
import { completeStepsToReview, payButton, payOnCheckout } from "./support/wizard.ts";

// The Website Analytics tab of /admin, with and without JavaScript: the figures of a known set of
// events (worked out by hand below), and a visitor who really books and pays counted at every step of
// the funnel. Each test keeps only its own events in this server's database while it reads the tab.

const visitor = (letter: string) => letter.repeat(32);
const SEEDED = "e2e seeded website visitors";

/** Minutes ago end in .5 so a relative time cannot tip over while the test runs. */
const KNOWN_EVENTS: SeedEvent[] = (
  [
    // A: landing page, wizard's first two steps, leaves after 60 s.
    { visitor_id: visitor("a"), page_path: "/", event_type: "page_view", referrer: "https://www.google.com", minutesAgo: 120.5 },
    { visitor_id: visitor("a"), page_path: "/book", event_type: "page_view", minutesAgo: 118.5 },
    { visitor_id: visitor("a"), page_path: "/book/details", event_type: "page_view", minutesAgo: 116.5 },
    { visitor_id: visitor("a"), page_path: "/book/details", event_type: "page_exit", time_on_page: 60, minutesAgo: 115.5 },
    // B: the landing page twice, a call; leaves after 30 s the first time.
    { visitor_id: visitor("b"), page_path: "/", event_type: "page_view", minutesAgo: 90.5 },
    { visitor_id: visitor("b"), page_path: "/", event_type: "page_exit", time_on_page: 30, minutesAgo: 89.5 },
    { visitor_id: visitor("b"), page_path: "/", event_type: "phone_click", minutesAgo: 5.5 },
    { visitor_id: visitor("b"), page_path: "/", event_type: "page_view", minutesAgo: 0.5 },
    // C: all the way to a paid deposit, 90 s on the last page.
    ...["/", "/book", "/book/details", "/book/team", "/book/service", "/book/addons", "/book/review"].map(
      (page_path, index): Omit<SeedEvent, "user_agent"> => ({
        visitor_id: visitor("c"),
        page_path,
        event_type: "page_view",
        minutesAgo: 300.5 - index * 2,
      }),
    ),
    { visitor_id: visitor("c"), page_path: "/payment-success", event_type: "page_view", referrer: "https://checkout.stripe.com", minutesAgo: 280.5 },
    { visitor_id: visitor("c"), page_path: "/payment-success", event_type: "page_exit", time_on_page: 90, minutesAgo: 279.5 },
    // D: yesterday, straight to the wizard from a review site; 45 s.
    { visitor_id: visitor("d"), page_path: "/book", event_type: "page_view", referrer: "https://www.yelp.com", minutesAgo: 1800.5 },
    { visitor_id: visitor("d"), page_path: "/book", event_type: "page_exit", time_on_page: 45, minutesAgo: 1799.5 },
    // E: no visitor id (its salt could not be read), only the browser's visit id; 120 s.
    { session_id: "visit-e-0123456789", page_path: "/", event_type: "page_view", minutesAgo: 20.5 },
    { session_id: "visit-e-0123456789", page_path: "/book", event_type: "page_view", minutesAgo: 19.5 },
    { session_id: "visit-e-0123456789", page_path: "/book", event_type: "page_exit", time_on_page: 120, minutesAgo: 18.5 },
    // Global Privacy Control: no ids at all.
    { page_path: "/", event_type: "page_view", minutesAgo: 10.5 },
    { page_path: "/book", event_type: "page_view", minutesAgo: 9.5 },
    // Before the 48 hours: never counted.
    { visitor_id: visitor("f"), page_path: "/", event_type: "page_view", minutesAgo: 49 * 60 },
    { visitor_id: visitor("f"), page_path: "/old", event_type: "page_exit", time_on_page: 999, minutesAgo: 49 * 60 },
  ] satisfies Array<Omit<SeedEvent, "user_agent">>
).map((event) => ({ ...event, user_agent: SEEDED }));

const EXPECTED = {
  figures: { "Total Page Views": "18", "Unique Visitors": "5", "Avg Time on Site": "1m 9s" },
  visitorsNote: "2 page views from visitors who ask not to be tracked count as views only",
  popular: [
    ["/", "6 views"],
    ["/book", "5 views"],
    ["/book/details", "2 views"],
    ["/book/addons", "1 view"],
    ["/book/review", "1 view"],
  ],
  exits: [
    ["/book", "2 exits", "40% exit rate", "outline"],
    ["/", "1 exit", "17% exit rate", "outline"],
    ["/book/details", "1 exit", "50% exit rate", "secondary"],
    ["/payment-success", "1 exit", "100% exit rate", "destructive"],
  ],
  funnel: [
    ["Landing page /", "4", "100%"],
    ["Step 1: Contact /book", "4", "100%"],
    ["Step 2: Move details /book/details", "2", "50%"],
    ["Step 3: Team /book/team", "1", "25%"],
    ["Step 4: Service /book/service", "1", "25%"],
    ["Step 5: Add-ons /book/addons", "1", "25%"],
    ["Step 6: Review and pay /book/review", "1", "25%"],
    ["Paid the deposit /payment-success", "1", "25%"],
  ],
  paidReferrers: [["Direct or unknown", "1 visitor"]],
  paidEntryPages: [["/", "1 visitor"]],
  recent: [
    ["Page view /", "Just now"],
    ["Phone link /", "5m ago"],
    ["Page view /book", "9m ago"],
    ["Page view /", "10m ago"],
    ["Left the page /book after 120 s", "18m ago"],
    ["Page view /book", "19m ago"],
    ["Page view /", "20m ago"],
    ["Left the page / after 30 s", "1h ago"],
    ["Page view /", "1h ago"],
    ["Left the page /book/details after 60 s", "1h ago"],
  ],
};

/** Each row's (or list item's) cells as text. */
const cellTexts = (rows: Locator) =>
  rows.evaluateAll((elements) => elements.map((row) => Array.from(row.children, (cell) => (cell as HTMLElement).innerText.replace(/\s+/g, " ").trim())));

/** What the tab shows, read as a person reads it. */
async function shownReport(page: Page) {
  const region = (name: string) => page.getByRole("region", { name, exact: true });
  const figures: Record<string, string> = {};
  for (const label of Object.keys(EXPECTED.figures)) {
    const figure = page.locator("dl[aria-label='Website in the last 48 hours'] > div").filter({ has: page.getByRole("term").filter({ hasText: label }) });
    figures[label] = (await figure.getByRole("definition").first().innerText()).trim();
  }
  return {
    figures,
    visitorsNote: await page
      .locator("dl[aria-label='Website in the last 48 hours'] > div")
      .nth(1)
      .getByRole("definition")
      .nth(1)
      .innerText()
      .then((text) => text.replace(/^.*; /, "")),
    popular: await cellTexts(region("Popular Pages").getByRole("listitem")),
    exits: await region("Exit Points")
      .getByRole("listitem")
      .evaluateAll((items) =>
        items.map((item) => {
          const [path, figures] = Array.from(item.children) as HTMLElement[];
          const badge = figures!.querySelector<HTMLElement>("[data-tone]")!;
          return [path!.innerText, (figures!.firstElementChild as HTMLElement).innerText, badge.innerText, badge.dataset.tone!];
        }),
      ),
    funnel: await cellTexts(region("Booking Funnel").locator("tbody tr")),
    paidReferrers: await cellTexts(page.getByRole("list", { name: "Referrers of paying visitors" }).getByRole("listitem")),
    paidEntryPages: await cellTexts(page.getByRole("list", { name: "Entry pages of paying visitors" }).getByRole("listitem")),
    recent: await cellTexts(region("Recent Activity").getByRole("listitem")),
  };
}

test("the Website Analytics tab shows the figures of a known set of events, and its hourly chart drawn by the server", async ({ page }) => {
  await keepOnlyEventsOf(SEEDED);
  await insertWebsiteEvents(KNOWN_EVENTS);
  const admin = await createTestUser({ fullName: "Web Admin", admin: true });
  await signInDirectly(page, admin, "/admin/overview/analytics");
  await expect(page.getByRole("link", { name: "Website Analytics" })).toHaveAttribute("aria-current", "page");

  await expect
    .poll(
      async () => {
        // Exits of pages earlier tests closed may still arrive: only the seeded events may count.
        await keepOnlyEventsOf(SEEDED);
        await page.reload();
        return shownReport(page);
      },
      { timeout: 15_000 },
    )
    .toEqual(EXPECTED);

  const chart = page.getByRole("img", { name: /Page views per hour/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/^18 page views in the last 48 hours; the busiest hour was .+ with \d+ page views?\.$/);
  const hoursWithViews = new Set(
    KNOWN_EVENTS.filter((event) => event.event_type === "page_view" && event.minutesAgo < 48 * 60).map((event) =>
      Math.floor((Date.now() - event.minutesAgo * 60_000) / 3_600_000),
    ),
  );
  // One column per hour with views (an hour boundary passing during the test may move one event).
  expect(Math.abs((await chart.locator("rect").count()) - hoursWithViews.size)).toBeLessThanOrEqual(1);
  // The same figures as a table beside the chart.
  const hourly = page.getByRole("table", { name: "Page views in each hour of the last 48 hours" });
  await expect(hourly.locator("tbody tr")).toHaveCount(49);
  const total = await hourly.locator("tbody td").evaluateAll((cells) => cells.reduce((sum, cell) => sum + Number(cell.textContent), 0));
  expect(total).toBe(18);

  // On a 390px phone the chart's words stay at least 12px, none over another.
  await page.setViewportSize({ width: 390, height: 844 });
  const plot = page.getByRole("region", { name: "Page Views per Hour" });
  const words = await chartWords(plot.locator("div:has(> [data-testid=column-chart])"));
  expect(words.length).toBeGreaterThanOrEqual(4);
  expect(words.filter((word) => word.px < 12)).toEqual([]);
  const labelBoxes = await plot.locator("[data-testid=column-chart] ~ div > span").evaluateAll((spans) =>
    spans.flatMap((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const box = range.getBoundingClientRect();
      return box.width > 0 ? [{ left: box.left, right: box.right }] : [];
    }),
  );
  expect(labelBoxes.length).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < labelBoxes.length; index++) expect(labelBoxes[index]!.left).toBeGreaterThanOrEqual(labelBoxes[index - 1]!.right);
});

test("a visitor who books and pays the deposit is counted at every step of the funnel", async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  // A desktop Chrome's user agent (the headless shell's own counts as a bot), unique to this visitor.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 buyer-${randomUUID()}`;
  await keepOnlyEventsOf(userAgent);
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const visit = await browser.newContext({ baseURL, userAgent, javaScriptEnabled });
  const visitorPage = await visit.newPage();
  await visitorPage.goto("/");
  await completeStepsToReview(visitorPage, { name: "Pat Payer", email: `payer-${Date.now().toString(36)}@example.com`, phone: "(404) 555-0111" });
  await payButton(visitorPage).click();
  await payOnCheckout(visitorPage);
  await expect(visitorPage.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await visit.close();

  const admin = await createTestUser({ fullName: "Funnel Admin", admin: true });
  await signInDirectly(page, admin, "/admin/overview/analytics");
  const funnel = page.getByRole("region", { name: "Booking Funnel", exact: true });
  await expect
    .poll(
      async () => {
        await keepOnlyEventsOf(userAgent);
        await page.reload();
        return {
          funnel: await cellTexts(funnel.locator("tbody tr")),
          paidReferrers: await page.getByRole("list", { name: "Referrers of paying visitors" }).getByRole("listitem").allInnerTexts(),
          paidEntryPages: await page.getByRole("list", { name: "Entry pages of paying visitors" }).getByRole("listitem").allInnerTexts(),
        };
      },
      { timeout: 15_000 },
    )
    .toEqual({
      funnel: EXPECTED.funnel.map(([step]) => [step, "1", "100%"]),
      paidReferrers: [expect.stringMatching(/^Direct or unknown\s+1 visitor$/)],
      paidEntryPages: [expect.stringMatching(/^\/\s+1 visitor$/)],
    });
  await expect(page.getByText("Paid means the visitor came back from Stripe Checkout")).toBeVisible();
});

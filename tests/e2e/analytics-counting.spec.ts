import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { getServiceClient } from "./support/backend.ts";
import { continueButton, fillContact } from "./support/wizard.ts";

// A desktop Chrome's user agent (the headless shell's own names itself HeadlessChrome, which counts
// as a bot, and so would a project name with "java" in it), made unique per test so this browser's rows are told apart from everyone else's.
test.use({
  userAgent: async ({ javaScriptEnabled }, provide) => {
    await provide(
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 visitor-${javaScriptEnabled ? "scripted" : "plain"}-${randomUUID()}`,
    );
  },
});

interface StoredEvent {
  event_type: string;
  page_path: string;
  visitor_id: string | null;
  session_id: string | null;
  time_on_page: number | null;
}

test("browsing three pages stores each page view once, the exits the browser reports, and one visitor id", async ({ page, userAgent }) => {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  await page.goto("/");
  await page.getByRole("link", { name: "Start Booking Now" }).click();
  await expect(page).toHaveURL(/\/book$/);
  await fillContact(page);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/book\/[a-z-]+$/);
  const thirdPage = new URL(page.url()).pathname;
  // Leaving the site: the tab is closed, as a visitor closes it.
  await page.close({ runBeforeUnload: true });

  const service = await getServiceClient();
  const stored = async () => {
    const { data, error } = await service
      .from("website_analytics")
      .select("event_type, page_path, visitor_id, session_id, time_on_page")
      .eq("user_agent", userAgent!)
      .order("created_at");
    if (error) throw error;
    return data as StoredEvent[];
  };
  const views = ["/", "/book", thirdPage];
  // Without JavaScript nobody reports leaving the site; with it, the page the visitor left from sends its exit.
  const exits = javaScript ? [thirdPage] : [];
  const summary = (events: StoredEvent[]) => ({
    views: events.filter((event) => event.event_type === "page_view").map((event) => event.page_path),
    exits: events
      .filter((event) => event.event_type === "page_exit")
      .map((event) => event.page_path)
      .sort(),
  });
  await expect.poll(async () => summary(await stored()), { timeout: 15_000 }).toEqual({ views, exits });

  const events = await stored();
  expect(summary(events)).toEqual({ views, exits });
  const visitorIds = new Set(events.map((event) => event.visitor_id));
  expect(visitorIds.size).toBe(1);
  expect([...visitorIds][0]).toMatch(/^[0-9a-f]{32}$/);
  for (const exit of events.filter((event) => event.event_type === "page_exit")) {
    expect(exit.time_on_page).toBeGreaterThanOrEqual(0);
    expect(exit.session_id).toMatch(/^[0-9a-f-]{36}$/);
  }
});

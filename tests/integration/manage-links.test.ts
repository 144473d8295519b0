import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { COMPANY } from "../../app/domain/company.ts";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { manageBookingToken, manageBookingUrl } from "../../app/services/manage-links.server.ts";
import { startTestBackend, uniqueEmail, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The 'Manage your booking' link of a booking's emails opens that booking alone, for a guest too,
// without signing in; any other token is the site's 404 page, naming nothing of any booking.

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
});
afterAll(async () => {
  await backend?.close();
});

/** A guest's booking (no account), moving `from` on `movingDate`. */
function guestBooking(from: string, columns: { moving_date?: string; status?: string } = {}) {
  const email = uniqueEmail("manage");
  return insertStoredBooking(app.serviceRole, { user: { id: randomUUID(), email } }, { user_id: null, moving_from: from, ...columns });
}

/** The link's path and query, as the browser asks for it. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const linkOf = (booking: { id: string; email: string }) => manageBookingUrl(app.options.publicUrl, app.options.cookieSecret, booking);

it("opens its booking without signing in: the route, price and deposit, a calendar file, never stored or indexed", async () => {
  const booking = await guestBooking("12 Manage St, Atlanta");
  const visitor = app.visitor();
  const page = await visitor.get(pathOf(linkOf(booking)));
  expect(page.status).toBe(200);
  expect(page.text).toContain("12 Manage St, Atlanta");
  expect(page.text).toContain("2 Ponce de Leon Ave, Atlanta");
  expect(page.text).toContain("$1,000");
  expect(page.text).toContain("Deposit $50");
  expect(page.headers.get("Cache-Control")).toBe("private, no-store");
  expect(page.html).toMatch(/<meta name="robots" content="noindex"/);

  const calendarPath = /href="(\/manage\/move\.ics\?token=[^"]+)"/.exec(page.html)?.[1]?.replaceAll("&amp;", "&");
  expect(calendarPath).toBeDefined();
  const calendar = await visitor.send(new Request(new URL(calendarPath!, "http://localhost:3000")));
  expect(calendar.status).toBe(200);
  expect(calendar.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  const file = (await calendar.text()).replace(/\r\n[ \t]/g, "");
  expect(file).toContain(`UID:booking-${booking.id}@localhost`);
  expect(file).toContain("12 Manage St\\, Atlanta");
});

it("a forged, malformed or other booking's token, or none, is the 404 page, which names neither booking", async () => {
  const mine = await guestBooking("31 Mine Rd, Atlanta");
  const theirs = await guestBooking("32 Theirs Rd, Atlanta");
  const token = manageBookingToken(app.options.cookieSecret, mine);
  const signature = token.split(".")[1]!;
  const forged = `${mine.id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
  const tokens = [forged, `${theirs.id}.${signature}`, "not-a-token", `${randomUUID()}.${signature}`, ""];
  for (const candidate of tokens) {
    const page = await app.visitor().get(`/manage?${new URLSearchParams({ token: candidate })}`);
    expect(page.status, candidate).toBe(404);
    expect(page.text).not.toMatch(/Mine Rd|Theirs Rd/);
    const calendar = await app.visitor().send(new Request(`http://localhost:3000/manage/move.ics?${new URLSearchParams({ token: candidate })}`));
    expect(calendar.status, candidate).toBe(404);
  }
  expect((await app.visitor().get("/manage")).status).toBe(404);
});

it("stops working when the office changes the email it was sent to, and the new address's link works", async () => {
  const booking = await guestBooking("5 Moved Mail Way, Atlanta");
  const oldLink = linkOf(booking);
  const newEmail = uniqueEmail("manage-new");
  const { error } = await app.serviceRole.from("bookings").update({ email: newEmail }).eq("id", booking.id);
  expect(error).toBeNull();
  expect((await app.visitor().get(pathOf(oldLink))).status).toBe(404);
  const page = await app.visitor().get(pathOf(linkOf({ id: booking.id, email: newEmail })));
  expect(page.status).toBe(200);
  expect(page.text).toContain("5 Moved Mail Way, Atlanta");
});

it("opens the booking until the day after the move has ended, on the company's clock", async () => {
  const today = todayIn(COMPANY.timeZone);
  const yesterdays = await guestBooking("7 Yesterday Ave, Atlanta", { moving_date: addDays(today, -1) });
  const older = await guestBooking("8 Older Ave, Atlanta", { moving_date: addDays(today, -2) });
  expect((await app.visitor().get(pathOf(linkOf(yesterdays)))).status).toBe(200);
  const expired = await app.visitor().get(pathOf(linkOf(older)));
  expect(expired.status).toBe(404);
  expect(expired.text).not.toContain("8 Older Ave");
});

it("keeps a billed move's link open for 90 days after its bill, to pay it and find its receipts", async () => {
  const today = todayIn(COMPANY.timeZone);
  const day = 24 * 60 * 60 * 1000;
  const billed = (daysAgo: number) => ({ balance_due_cents: 0, billed_at: new Date(Date.now() - daysAgo * day).toISOString() });
  const recent = await guestBooking("10 Billed Ave, Atlanta", { moving_date: addDays(today, -30), status: "completed", ...billed(29) });
  const old = await guestBooking("11 Long Ago Ave, Atlanta", { moving_date: addDays(today, -92), status: "completed", ...billed(91) });
  expect((await app.visitor().get(pathOf(linkOf(recent)))).status).toBe(200);
  expect((await app.visitor().get(pathOf(linkOf(old)))).status).toBe(404);
});

it("a cancelled booking's page says so and offers no calendar file", async () => {
  const booking = await guestBooking("9 Cancelled Ct, Atlanta", { status: "cancelled" });
  const page = await app.visitor().get(pathOf(linkOf(booking)));
  expect(page.status).toBe(200);
  expect(page.text).toContain("Cancelled");
  expect(page.html).not.toContain("/manage/move.ics");
  const token = manageBookingToken(app.options.cookieSecret, booking);
  const calendar = await app.visitor().send(new Request(`http://localhost:3000/manage/move.ics?${new URLSearchParams({ token })}`));
  expect(calendar.status).toBe(404);
});

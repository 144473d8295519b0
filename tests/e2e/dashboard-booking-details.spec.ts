import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createBooking, createTestUser, getServiceClient, stripeRefundsFor, type TestUser } from "./support/backend.ts";
import { payOnCheckout } from "./support/wizard.ts";
import { runOnceAcrossProjects } from "./support/projects.ts";

// The booking details page (/dashboard/bookings/:id) with JavaScript on and off: every field, the
// itemised price, photos, the deposit and the status history; cancellation 49 hours before the move,
// refused at 47 hours; another customer's booking is a 404, also for a crafted cancel request.

const HOUR = 60 * 60 * 1000;

/** The date and HH:MM in New York (the company's time zone) of `instant`. */
function newYorkWallClock(instant: Date): { moving_date: string; moving_time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { moving_date: `${get("year")}-${get("month")}-${get("day")}`, moving_time: `${get("hour")}:${get("minute")}` };
}

/** A move starting `hours` from now (rounded up to the next minute, so never sooner than asked). */
function moveIn(hours: number): { moving_date: string; moving_time: string } {
  return newYorkWallClock(new Date(Date.now() + hours * HOUR + 60_000));
}

/**
 * A one-hour move at least `hours` from now that the company can take: between opening (08:00) and an
 * hour before closing (18:00), the next morning when `hours` from now falls outside them.
 */
function workingHoursMoveAtLeast(hours: number): { moving_date: string; moving_time: string; estimated_hours: number } {
  const earliest = moveIn(hours);
  const hour = Number(earliest.moving_time.slice(0, 2));
  if (hour >= 8 && hour < 17) return { ...earliest, estimated_hours: 1 };
  // Before opening: that morning. After 17:00: the next morning, a day later on the calendar.
  const day = new Date(`${earliest.moving_date}T12:00:00Z`);
  if (hour >= 17) day.setUTCDate(day.getUTCDate() + 1);
  return { moving_date: day.toISOString().slice(0, 10), moving_time: "08:00", estimated_hours: 1 };
}

const detailsPath = (id: string) => `/dashboard/bookings/${id}`;

async function openDetails(page: Page, user: TestUser, id: string) {
  await signInDirectly(page, user, detailsPath(id));
  await expect(page).toHaveURL(new RegExp(`${detailsPath(id)}$`));
}

async function bookingAsService(id: string) {
  const client = await getServiceClient();
  const { data, error } = await client.from("bookings").select("status, updated_at, deposit_status, stripe_payment_intent_id").eq("id", id).single();
  if (error) throw error;
  return data as { status: string; updated_at: string; deposit_status: string; stripe_payment_intent_id: string | null };
}

/** The company's phone as the admin saved it (other specs may change it). */
async function companyPhone(): Promise<string> {
  const client = await getServiceClient();
  const { data, error } = await client.from("app_settings").select("admin_phone").single();
  if (error) throw error;
  return data.admin_phone as string;
}

/** A photo attached to the booking as Pay attaches it: image and thumbnail in the owner's folder. */
async function attachPhoto(user: TestUser, bookingId: string, fileName: string) {
  const client = await getServiceClient();
  const jpeg = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: "#3b82f6" } })
      .jpeg()
      .toBuffer();
  const name = `${user.id}/drafts/${crypto.randomUUID()}/${crypto.randomUUID()}`;
  for (const [path, size] of [
    [`${name}.jpg`, 640],
    [`${name}-thumb.jpg`, 160],
  ] as const) {
    const upload = await client.storage.from("booking-images").upload(path, await jpeg(size), { contentType: "image/jpeg" });
    if (upload.error) throw upload.error;
  }
  const row = await client.from("booking_images").insert({ booking_id: bookingId, path: `${name}.jpg`, file_name: fileName });
  if (row.error) throw row.error;
}

test("shows every field of the booking, its itemised price, photos, deposit and status history", async ({ page }) => {
  const user = await createTestUser({ fullName: "Dana Details" });
  const booking = await createBooking(user, {
    full_name: "Dana Details",
    phone: "(404) 555-0123",
    moving_from: "12 Oak St, Atlanta, GA",
    moving_to: "98 Pine Ave, Decatur, GA",
    moving_date: "2027-06-15",
    moving_time: "10:00",
    team_type: "elite",
    service_type: "local",
    property_size: "2_bedroom",
    packing_service: true,
    extra_movers: 2,
    tv_mounting: 1,
    deep_cleaning_bedrooms: 2,
    special_instructions: "Piano on the second floor",
    estimated_cost_cents: 151_000,
    // The lines the wizard priced when the booking was saved.
    quote: {
      lines: [
        { label: "Moving team, 6 hours", cents: 90_000 },
        { label: "Packing service", cents: 12_000 },
        { label: "Extra movers × 2", cents: 7_000 },
        { label: "TV mounting × 1", cents: 12_000 },
        { label: "Deep cleaning, 2 bedrooms", cents: 20_000 },
        { label: "Truck and travel fee (up to 25 miles)", cents: 10_000 },
      ],
      total_cents: 151_000,
      hourly_rate_cents: 15_000,
    },
    deposit_status: "paid",
    deposit_paid_at: "2026-11-20T15:30:00Z",
  });
  const client = await getServiceClient();
  const confirmed = await client.from("bookings").update({ status: "confirmed" }).eq("id", booking.id);
  if (confirmed.error) throw confirmed.error;
  await attachPhoto(user, booking.id, "living-room.jpg");

  await openDetails(page, user, booking.id);
  // Headed by the move in words, not a code; the reference is still there for a call to the office.
  const summary = page.getByRole("region", { name: "Move on Tuesday, June 15, 2027" });
  await expect(page).toHaveTitle("Move on Tuesday, June 15, 2027 · Metro Movers");
  await expect(summary.getByText(`Booking reference ${booking.id.slice(0, 8)}`)).toBeVisible();
  await expect(summary.getByText("Confirmed", { exact: true })).toBeVisible();

  for (const text of [
    "Dana Details",
    user.email,
    "(404) 555-0123",
    "12 Oak St, Atlanta, GA",
    "98 Pine Ave, Decatur, GA",
    "Tuesday, June 15, 2027",
    "10:00 AM",
    "2 bedrooms",
    "Elite Team",
    "Local move",
    "Packing service",
    "Piano on the second floor",
  ]) {
    await expect(page.getByRole("main").getByText(text, { exact: true }).first(), text).toBeVisible();
  }
  const details = page.getByRole("region", { name: "Move details" });
  const field = (label: string) =>
    details
      .locator("dl > div")
      .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole("definition");
  await expect(field("Extra movers")).toHaveText("2");
  await expect(field("TV mounting")).toHaveText("1 TV");
  await expect(field("Deep cleaning")).toHaveText("2 bedrooms");
  await expect(field("Special instructions")).toHaveText("Piano on the second floor");

  // Elite local, 2 bedrooms: 6 h × $150, packing $120, 2 extra movers $70, one TV $120, deep
  // cleaning of 2 bedrooms $150 + $50, truck fee $100.
  const price = page.getByRole("region", { name: "Price" });
  const expectLine = async (label: string, amount: string) => {
    const line = price.locator("dl > div").filter({ has: page.getByRole("term").filter({ hasText: label }) });
    await expect(line, label).toHaveCount(1);
    await expect(line.getByRole("definition"), label).toHaveText(amount);
  };
  await expectLine("Moving team, 6 hours", "$900");
  await expectLine("Packing service", "$120");
  await expectLine("Extra movers × 2", "$70");
  await expectLine("TV mounting × 1", "$120");
  await expectLine("Deep cleaning, 2 bedrooms", "$200");
  await expectLine("Truck and travel fee", "$100");
  await expectLine("Estimated total", "$1,510");
  await expectLine("Deposit paid", "$50");
  await expectLine("Balance", "$1,460");
  await expect(summary.getByText("$1,510")).toBeVisible();

  const deposit = page.getByRole("region", { name: "Deposit" });
  await expect(deposit.getByText("Deposit paid")).toBeVisible();
  await expect(deposit.getByText(/Nov 20, 2026, 10:30\sAM EST/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay deposit" })).toHaveCount(0);

  const photo = page.getByRole("img", { name: "living-room.jpg" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  // Served by the app to its owner (the bucket is private), never from a public or signed storage address.
  expect(await photo.getAttribute("src")).toMatch(new RegExp(`^/book/photos/${user.id}/drafts/[0-9a-f-]+/[0-9a-f-]+-thumb\\.jpg$`));
  const full = await page.request.get((await page.getByRole("link", { name: "living-room.jpg" }).getAttribute("href"))!);
  expect(full.status()).toBe(200);
  expect(full.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");

  // In the badge's words, in time order: the deposit was paid (on the seeded date) before the booking's statuses were recorded.
  const history = page.getByRole("region", { name: "Status history" }).getByRole("listitem");
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText("Reserved · deposit paid");
  await expect(history.nth(0)).toContainText(/Nov 20, 2026, 10:30\sAM EST/);
  await expect(history.nth(1)).toContainText("Pending");
  await expect(history.nth(2)).toContainText("Confirmed");
  await expect(history.nth(1)).toContainText(/(EST|EDT)/);

  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("49 hours before the move the customer cancels a paid booking after confirming: the deposit is refunded once and the history records it", async ({
  page,
}) => {
  const user = await createTestUser({ fullName: "Cary Cancel" });
  // Within working hours whenever the test runs, so Pay may renew its hold; more than 48 hours away.
  const booking = await createBooking(user, workingHoursMoveAtLeast(49));
  await openDetails(page, user, booking.id);
  await page.getByRole("button", { name: "Pay deposit" }).click();
  await payOnCheckout(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.goto(detailsPath(booking.id));

  const cancellation = page.getByRole("region", { name: "Cancellation" });
  await expect(cancellation).toContainText(/You can cancel online until .+, 48 hours before your move\./);
  await expect(cancellation).toContainText(
    "The $50 deposit is applied to your final bill. Cancel online in time and it is refunded in full to the card you paid with.",
  );

  // Changing one's mind: nothing happens.
  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page).toHaveURL(/\?cancel=confirm$/);
  await expect(page.getByText("Are you sure you want to cancel this booking?")).toBeVisible();
  await expect(page.getByText("Your $50 deposit will be refunded in full to the card you paid with.")).toBeVisible();
  await page.getByRole("link", { name: "Keep booking" }).click();
  await expect(page).toHaveURL(new RegExp(`${detailsPath(booking.id)}$`));
  await expect(page.getByText("Are you sure you want to cancel this booking?")).toHaveCount(0);
  expect((await bookingAsService(booking.id)).status).toBe("pending");

  await page.getByRole("link", { name: "Cancel booking" }).click();
  await page.getByRole("button", { name: "Yes, cancel booking" }).click();

  await expect(page).toHaveURL(new RegExp(`${detailsPath(booking.id)}$`));
  await expect(page.getByText("Booking cancelled").first()).toBeVisible();
  const summary = page.getByRole("region", { name: /^Move on / });
  await expect(summary.getByText("Cancelled", { exact: true })).toBeVisible();
  const history = page.getByRole("region", { name: "Status history" }).getByRole("listitem");
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText("Pending");
  await expect(history.nth(1)).toContainText("Reserved · deposit paid");
  await expect(history.nth(2)).toContainText("Cancelled");
  await expect(page.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay deposit" })).toHaveCount(0);
  await expect(page.getByText("Your booking has been cancelled and your $50 deposit is refunded to the card you paid with.").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Cancellation" })).toContainText(
    "This booking is cancelled and the $50 deposit was refunded to the card you paid with.",
  );
  const stored = await bookingAsService(booking.id);
  expect(stored).toMatchObject({ status: "cancelled", deposit_status: "refunded" });
  expect(stripeRefundsFor(stored.stripe_payment_intent_id!)).toEqual([{ id: expect.stringMatching(/^re_/), amount: 5000, status: "succeeded" }]);
});

test("47 hours before the move there is no cancel button: the page says to call the company", async ({ page }) => {
  const user = await createTestUser({ fullName: "Lee Late" });
  const booking = await createBooking(user, { ...moveIn(47), status: "confirmed" });
  await openDetails(page, user, booking.id);

  const phone = await companyPhone();
  const cancellation = page.getByRole("region", { name: "Cancellation" });
  await expect(cancellation.getByText(/less than 48 hours away/)).toBeVisible();
  await expect(cancellation.getByRole("link", { name: phone })).toHaveAttribute("href", /^tel:\+1/);
  await expect(page.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);

  // The confirmation's address does not offer it either.
  await page.goto(`${detailsPath(booking.id)}?cancel=confirm`);
  await expect(page.getByRole("button", { name: "Yes, cancel booking" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Cancellation" }).getByText(/less than 48 hours away/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Date and time" })).toContainText(
    "Your move is less than 48 hours away, so it can no longer be rescheduled online. Please call us at",
  );
  expect((await bookingAsService(booking.id)).status).toBe("confirmed");
});

test("another customer's booking, or an id that is not one, is a 404", async ({ page }) => {
  const owner = await createTestUser({ fullName: "Olive Owner" });
  const theirs = await createBooking(owner, moveIn(24 * 7));
  const visitor = await createTestUser({ fullName: "Vic Visitor" });
  const own = await createBooking(visitor, moveIn(24 * 7));
  await openDetails(page, visitor, own.id);

  const response = await page.goto(detailsPath(theirs.id));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText(owner.email)).toHaveCount(0);

  const malformed = await page.goto("/dashboard/bookings/not-a-booking");
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("a crafted cancel request for another customer's booking is a 404 and changes nothing", async ({ page }) => {
  runOnceAcrossProjects();
  const owner = await createTestUser({ fullName: "Olive Owner" });
  const theirs = await createBooking(owner, moveIn(24 * 7));
  const before = await bookingAsService(theirs.id);
  const visitor = await createTestUser({ fullName: "Vic Visitor" });
  const own = await createBooking(visitor, moveIn(24 * 7));
  await openDetails(page, visitor, own.id);

  const forged = await page.request.post(detailsPath(theirs.id), { form: { intent: "cancel" }, maxRedirects: 0 });
  expect(forged.status()).toBe(404);
  expect(await bookingAsService(theirs.id)).toEqual(before);

  const client = await getServiceClient();
  const history = await client.from("booking_status_events").select("status").eq("booking_id", theirs.id);
  expect(history.data).toEqual([{ status: "pending" }]);
});

test("the page and its confirmation step fit a 360px phone and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await createTestUser({ fullName: "Pat Phone" });
  const booking = await createBooking(user, { ...moveIn(24 * 5), special_instructions: "A long note ".repeat(40) });
  await openDetails(page, user, booking.id);

  const checks = async (where: string) => {
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
    // axe runs inside the page: with JavaScript only.
    if (test.info().project.use.javaScriptEnabled === false) return;
    expect(await seriousViolations(page, where)).toEqual([]);
  };
  await checks("details");
  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page.getByRole("button", { name: "Yes, cancel booking" })).toBeVisible();
  await checks("confirmation");
});

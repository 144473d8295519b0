import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import type { Route as ScheduleRoute } from "../../app/routes/admin/+types/schedule.ts";
import { startTestStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, startTestApp, type SignedInVisitor, type TestApp, type Visitor } from "./support/app-client.ts";
import { answerWizard, pressPay } from "./support/wizard.ts";

// Unpaid holds on crews: what a Pay press costs the company before any money moves. Each press is the
// wizard's plain form posts, as a browser without JavaScript sends them, from contact to Pay, through
// the app's request handler (the production build).

let backend: TestBackend;
let stripe: TestStripe;
let app: TestApp;
let admin: SignedInVisitor;

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  app = await startTestApp(backend, {
    bookingActionsPerMinute: 1000,
    stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test_unpaid_holds", fetch: stripe.emulator?.fetch },
  });
  admin = await signIn(app, "admin", { label: "holds-admin", fullName: "Ada Admin" });
});

afterAll(async () => {
  await Promise.all([backend?.close(), stripe?.close()]);
});

/** A date of its own for each test, months ahead (so no other test's bookings share its crews). */
let dayCounter = 0;
const freshDay = () => addDays(todayIn(COMPANY.timeZone), 150 + 3 * dayCounter++);

async function threeCrews(day: string) {
  const { error } = await app.serviceRole.from("schedule_days").upsert({ day, crews: 3, closed: false, reason: null });
  if (error) throw error;
}

/** A 6-hour move on `day` at `time`, as the wizard's steps are answered for it. */
const sixHourMove = ({ day, time, email }: { day: string; time: string; email: string }) => ({
  fullName: "Hal Holder",
  email,
  phone: "(404) 555-0123",
  date: day,
  time,
  fromAddress: "1 Hold St, Atlanta",
  toAddress: "2 Wait Ave, Decatur",
  propertySize: "2_bedroom",
});

/**
 * The wizard from its first step to Pay for a 6-hour move on `day` at `time`: Pay's answer, or the
 * details step's when it refused the move (no step before it may refuse).
 */
async function payFor(visitor: Visitor, move: { day: string; time: string; email: string }) {
  const answered = await answerWizard(visitor, sixHourMove(move));
  if (answered.location === "/book/review") return pressPay(visitor);
  expect(new URL(answered.url).pathname, "the step that refused").toBe("/book/details");
  return answered;
}

/** The bookings of `day` that hold a crew now. */
const holdsOn = (day: string) =>
  backend.sql<{ email: string }>("select b.email from public.crew_occupancy(array[$1::date], now()) o join public.bookings b on b.id = o.booking_id", [day]);

describe.skipIf(usingHostedBackend)("unpaid holds", () => {
  it("six Pay presses from one address, each a fresh draft and email, leave the day bookable by a real customer", async () => {
    const day = freshDay();
    await threeCrews(day);
    // Three crews: three 6-hour moves at 8:00 AM and three at 2:00 PM would leave no time free all day.
    const answers = [];
    for (const [index, time] of ["08:00", "08:00", "08:00", "14:00", "14:00", "14:00"].entries()) {
      const script = app.visitor({ clientIp: "203.0.113.66" });
      answers.push((await payFor(script, { day, time, email: uniqueEmail(`hoarder-${index}`) })).status);
    }
    expect(answers.slice(0, 2)).toEqual([303, 303]);
    // One address holds two crews at most: each new press released that address's oldest hold.
    expect(await holdsOn(day)).toHaveLength(2);

    const customer = app.visitor({ clientIp: "198.51.100.7" });
    const email = uniqueEmail("real-customer");
    expect(await payFor(customer, { day, time: "10:00", email })).toMatchObject({ status: 303 });
    expect((await holdsOn(day)).map((hold) => hold.email)).toContain(email);
  });

  it("a browser, and an email, hold one crew at a time: a new Pay releases the older hold and closes its Checkout", async () => {
    const [first, second] = [freshDay(), freshDay()];
    await Promise.all([threeCrews(first), threeCrews(second)]);
    const browser = app.visitor({ clientIp: "198.51.100.21" });
    expect((await payFor(browser, { day: first, time: "08:00", email: uniqueEmail("one-browser-a") })).status).toBe(303);
    const [older] = await backend.sql<{ stripe_checkout_session_id: string }>("select stripe_checkout_session_id from public.bookings where moving_date = $1", [
      first,
    ]);
    // The same browser starts a new draft for another move (its draft cookie dropped), and pays.
    browser.forget("booking_draft");
    expect((await payFor(browser, { day: second, time: "08:00", email: uniqueEmail("one-browser-b") })).status).toBe(303);
    expect(await holdsOn(first)).toHaveLength(0);
    expect(await holdsOn(second)).toHaveLength(1);
    expect((await stripe.stripe.checkout.sessions.retrieve(older!.stripe_checkout_session_id)).status).toBe("expired");

    // The same email from two other browsers and addresses: one hold.
    const email = uniqueEmail("one-email");
    const third = freshDay();
    await threeCrews(third);
    expect((await payFor(app.visitor({ clientIp: "198.51.100.31" }), { day: third, time: "08:00", email })).status).toBe(303);
    expect((await payFor(app.visitor({ clientIp: "198.51.100.32" }), { day: third, time: "10:00", email })).status).toBe(303);
    expect(await holdsOn(third)).toHaveLength(1);
  });

  it("the database keeps the cap too: a saved hold releases the same address's older ones beyond two", async () => {
    const day = freshDay();
    await threeCrews(day);
    const insert = (email: string, address: string) =>
      backend.sql(
        `insert into public.bookings (full_name, email, phone, moving_from, moving_to, moving_date, moving_time, team_type, service_type,
           property_size, estimated_hours, estimated_cost_cents, deposit_amount_cents, status, deposit_status, hold_expires_at, hold_address)
         values ('Sal Script', $1, '(404) 555-0100', '1 A St', '2 B St', $2, '08:00', 'elite', 'local',
           'studio', 3, 50000, 5000, 'pending', 'unpaid', now() + interval '30 minutes', $3)`,
        [email, day, address],
      );
    for (const index of [1, 2, 3]) await insert(uniqueEmail(`sql-hoarder-${index}`), "address-key-1");
    expect(await holdsOn(day)).toHaveLength(2);
  });

  it("of an address's holds that end in the same second, the one saved first is released first", async () => {
    const day = freshDay();
    await threeCrews(day);
    // A Checkout Session ends on a whole second, so holds saved within one second end together; the
    // ids are chosen so that the later-saved hold sorts first by id.
    const [times] = await backend.sql<{ ends: string; later: string }>(
      "select (date_trunc('second', now()) + interval '30 minutes')::text as ends, (now() + interval '31 minutes')::text as later",
    );
    const insert = (id: string, endsAt: string) =>
      backend.sql(
        `insert into public.bookings (id, full_name, email, phone, moving_from, moving_to, moving_date, moving_time, team_type, service_type,
           property_size, estimated_hours, estimated_cost_cents, deposit_amount_cents, status, deposit_status, hold_expires_at, hold_address)
         values ($1, 'Sal Script', $2, '(404) 555-0100', '1 A St', '2 B St', $3, '08:00', 'elite', 'local',
           'studio', 3, 50000, 5000, 'pending', 'unpaid', $4, 'address-key-2')`,
        [id, uniqueEmail("same-second"), day, endsAt],
      );
    const [older, newer, newest] = ["00000000-0000-4000-8000-000000000001", "ffffffff-ffff-4fff-bfff-ffffffffffff", crypto.randomUUID()];
    await insert(older, times!.ends);
    await insert(newer, times!.ends);
    await insert(newest, times!.later);
    const live = await backend.sql<{ id: string }>("select o.booking_id as id from public.crew_occupancy(array[$1::date], now()) o order by o.booking_id", [
      day,
    ]);
    expect(live.map((hold) => hold.id).sort()).toEqual([newer, newest].sort());
  });

  it("a hold lasts 30 minutes, as its Checkout Session, and then frees the crew", async () => {
    const day = freshDay();
    const { error } = await app.serviceRole.from("schedule_days").upsert({ day, crews: 1, closed: false, reason: null });
    if (error) throw error;
    const visitor = app.visitor({ clientIp: "198.51.100.41" });
    expect((await answerWizard(visitor, sixHourMove({ day, time: "08:00", email: uniqueEmail("lapsing") }))).location).toBe("/book/review");
    const pressed = Date.now();
    expect((await pressPay(visitor)).status).toBe(303);
    const answered = Date.now();
    const [held] = await backend.sql<{ id: string; hold_expires_at: Date; stripe_checkout_session_id: string }>(
      "select id, hold_expires_at, stripe_checkout_session_id from public.bookings where moving_date = $1",
      [day],
    );
    const session = await stripe.stripe.checkout.sessions.retrieve(held!.stripe_checkout_session_id);
    // Stripe's shortest session (30 minutes), and a minute for the request's way there, from the Pay press
    // (a session ends on a whole second).
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(pressed + 31 * 60 * 1000 - 1000);
    expect(session.expires_at * 1000).toBeLessThanOrEqual(answered + 31 * 60 * 1000 + 1000);
    expect(new Date(held!.hold_expires_at).getTime()).toBe(session.expires_at * 1000);

    // Another customer finds the one crew out; once the hold's time has passed (the row's clock moved
    // back by 31 minutes), the crew is free again.
    const other = app.visitor({ clientIp: "198.51.100.42" });
    expect((await payFor(other, { day, time: "08:00", email: uniqueEmail("waiting") })).status).toBe(409);
    await backend.sql("update public.bookings set hold_expires_at = hold_expires_at - interval '31 minutes' where id = $1", [held!.id]);
    expect(await holdsOn(day)).toHaveLength(0);
    expect((await payFor(app.visitor({ clientIp: "198.51.100.43" }), { day, time: "08:00", email: uniqueEmail("next") })).status).toBe(303);
  });

  it("the office's schedule marks an unpaid hold with the time it ends", async () => {
    const day = freshDay();
    await threeCrews(day);
    expect((await payFor(app.visitor({ clientIp: "198.51.100.51" }), { day, time: "08:00", email: uniqueEmail("shown") })).status).toBe(303);
    const [held] = await backend.sql<{ id: string; hold_expires_at: Date }>("select id, hold_expires_at from public.bookings where moving_date = $1", [day]);
    const until = new Intl.DateTimeFormat("en-US", { timeZone: COMPANY.timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(held!.hold_expires_at));

    const page = await admin.visitor.loaderData<ScheduleRoute.ComponentProps["loaderData"]>(`/admin/schedule?day=${day}`, "routes/admin/schedule");
    expect(page.bookings.find((booking) => booking.id === held!.id)?.hold).toBe(`Held, unpaid — until ${until}`.replace(/\u202f/g, " "));
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_EDIT_MESSAGES } from "../../app/domain/admin-booking-edit.ts";
import type { BookingRow } from "../../app/domain/booking.ts";
import { BOOKING_MESSAGES, addDays, todayIn } from "../../app/domain/booking-schemas.ts";
import { COMPANY } from "../../app/domain/company.ts";
import type { Route as CancelRoute } from "../../app/routes/admin/+types/booking-cancel.ts";
import type { Route as DetailsRoute } from "../../app/routes/admin/+types/booking-details.ts";
import type { Route as EditRoute } from "../../app/routes/admin/+types/booking-edit.ts";
import type { Route as CustomerDetailsRoute } from "../../app/routes/dashboard/+types/booking-details.ts";
import { paidBooking as paidOnStripe } from "./support/paid-booking.ts";
import { savedBooking } from "./support/saved-booking.ts";
import { startCheckout } from "../../app/services/payments.server.ts";
import type { AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { StripeEmulator } from "../../emulators/stripe/index.ts";
import { completeSession, deliveriesSettled, events, redeliver, usingHostedStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { expectStaffOnly } from "./support/admin-access.ts";
import { signIn, withOwnClient, type SignedInVisitor, type TestApp } from "./support/app-client.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";
import { editFormOf } from "./support/booking-edit-form.ts";
import { quoteFromEstimate } from "../../app/domain/booking-quote.ts";
import { estimateBooking } from "../../app/domain/pricing.ts";
import { crewsToSpare } from "./support/crews.ts";

// One booking in the admin area, through the app's request handler with each person signed in through
// the login form (so the guards, row level security and the database's permission checks apply),
// against the embedded Supabase and the embedded Stripe, whose webhook events reach the app's webhook route.

/** A signed-in person: their browser, and their own Supabase client for the database's answers to them. */
type Person = SignedInVisitor & { client: AppSupabaseClient };

let backend: TestBackend;
let app: TestApp;
let serviceRole: AppSupabaseClient;
let testStripe: TestStripe;
let emulator: StripeEmulator;
let admin: Person;
let secondAdmin: Person;
let moderator: Person;
let customer: Person;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ app, stripe: testStripe } = await startAppWithStripe(backend));
  emulator = testStripe.emulator!;
  serviceRole = app.serviceRole;
  await crewsToSpare(serviceRole);
  [admin, secondAdmin, moderator, customer] = await Promise.all([
    signIn(app, "admin", { fullName: "Ada Admin" }).then(withOwnClient),
    signIn(app, "admin", { label: "admin2", fullName: "Abe Admin" }).then(withOwnClient),
    signIn(app, "moderator", { fullName: "Mo Moderator" }).then(withOwnClient),
    signIn(app, "customer", { fullName: "Cam Customer" }).then(withOwnClient),
  ]);
  await serviceRole.from("profiles").update({ full_name: "Ada Admin" }).eq("user_id", admin.user.id);
}, 120_000);

afterAll(async () => {
  await testStripe?.close();
  await backend?.close();
});

type Details = DetailsRoute.ComponentProps["loaderData"];
type Edit = EditRoute.ComponentProps["loaderData"];
type Cancel = CancelRoute.ComponentProps["loaderData"];

/** The route module serving a booking's page at `path`. */
function routeIdOf(path: string): string {
  if (path.endsWith("/edit")) return "routes/admin/booking-edit";
  if (path.endsWith("/cancel")) return "routes/admin/booking-cancel";
  return "routes/admin/booking-details";
}

/** The page's loader answer, as the page's router asks for it. */
function load<T = unknown>(who: SignedInVisitor, path: string) {
  return who.visitor.load<T>(path, routeIdOf(path));
}

/** The page's action answer to a form, as the page's router posts it. */
function act<T = unknown>(who: SignedInVisitor, path: string, form: Record<string, string>) {
  return who.visitor.act<T>(path, form);
}

async function stored(bookingId: string): Promise<BookingRow> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).single();
  if (error) throw error;
  return data;
}

/** A customer's booking whose $50 deposit was paid on the embedded Stripe's page, fulfilled by its webhook. */
const paidBooking = () => paidOnStripe(testStripe, serviceRole, { userId: customer.user.id, email: customer.user.email! });

/** The refunds the embedded Stripe made of this payment intent. */
const stripeRefundsOf = (paymentIntent: string) =>
  events(emulator, "refund.created").filter((record) => (record.event.data.object as { payment_intent?: string }).payment_intent === paymentIntent);

const detailsPath = (id: string) => `/admin/bookings/${id}`;
const editPath = (id: string) => `/admin/bookings/${id}/edit`;
const cancelPath = (id: string) => `/admin/bookings/${id}/cancel`;

describe.skipIf(usingHostedBackend || usingHostedStripe)("the payment intent of a paid deposit", () => {
  it("is kept when the webhook fulfils the checkout", async () => {
    const booking = await paidBooking();
    expect(booking.stripe_payment_intent_id).toMatch(/^pi_/);
    const session = await testStripe.stripe.checkout.sessions.retrieve(booking.stripe_checkout_session_id!);
    expect(booking.stripe_payment_intent_id).toBe(session.payment_intent);
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("GET /admin/bookings/:id", () => {
  it("shows every field, the price lines, the deposit with its Checkout Session, the history and the contact links", async () => {
    const booking = await paidBooking();
    const { status, value: page } = await load<Details>(moderator, detailsPath(booking.id));
    expect(status).toBe(200);
    expect(page.booking).toMatchObject({ id: booking.id, fullName: "Pat Payer", email: customer.user.email, phone: "404-555-0142", from: booking.moving_from });
    expect(page.price.lines.length).toBeGreaterThan(0);
    expect(page.deposit).toMatchObject({
      amount: "$50",
      label: "Deposit paid",
      checkoutSessionId: booking.stripe_checkout_session_id,
      paymentIntentId: booking.stripe_payment_intent_id,
      refund: null,
      // A moderator may neither refund nor edit.
      canRefund: false,
    });
    expect(page.canEdit).toBe(false);
    expect(page.canCancel).toBe(true);
    expect(page.contact).toEqual({ mailto: `mailto:${customer.user.email}`, tel: "tel:4045550142" });
    expect(page.statusHistory.map(({ from, to }) => [from, to])).toEqual([[null, "pending"]]);
  });

  it("gives no email link for a stored address that would add recipients or text to the message", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { email: "victim@example.com?cc=thief%40evil.example&subject=Refund" });
    const { status, value } = await load<Details>(moderator, detailsPath(booking.id));
    expect(status).toBe(200);
    expect(value.contact.mailto).toBeNull();
  });

  it("encodes an address's local part in its email link", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { email: "pat+moves@example.com" });
    const { value } = await load<Details>(moderator, detailsPath(booking.id));
    expect(value.contact.mailto).toBe("mailto:pat%2Bmoves@example.com");
  });

  it("shows the booking's photos at the app's address, which serves them to staff and to nobody else but their owner", async () => {
    const booking = await insertStoredBooking(serviceRole, customer);
    const path = `${customer.user.id}/drafts/${randomUUID()}/${randomUUID()}.jpg`;
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const upload = await serviceRole.storage.from("booking-images").upload(path, bytes, { contentType: "image/jpeg" });
    if (upload.error) throw upload.error;
    const row = await serviceRole.from("booking_images").insert({ booking_id: booking.id, path, file_name: "sofa.jpg" });
    if (row.error) throw row.error;

    const page = (await load<Details>(moderator, detailsPath(booking.id))).value;
    expect(page.photos).toEqual([expect.objectContaining({ fileName: "sofa.jpg", url: `/book/photos/${path}` })]);
    const photo = (who: SignedInVisitor) => who.visitor.send(new Request(`${TEST_PUBLIC_URL}/book/photos/${path}`));
    for (const who of [moderator, admin, customer]) {
      const answer = await photo(who);
      expect(answer.status, who.user.email).toBe(200);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
    }
    const stranger = await signIn(app, "customer", { label: "stranger" });
    expect((await photo(stranger)).status).toBe(404);
  });

  it("is for staff only, as are the booking's edit and cancel pages", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { full_name: "Private Person", email: "private.person@example.com" });
    expect((await moderator.visitor.get(detailsPath(booking.id))).text).toContain("Private Person");
    const stranger = await signIn(app, "customer", { label: "stranger" });
    for (const path of [detailsPath(booking.id), editPath(booking.id), cancelPath(booking.id)]) {
      await expectStaffOnly(path, { guest: app.visitor(), customer: stranger.visitor, hidden: ["Private Person", "private.person@example.com"] });
    }
  });

  it("is a 404 for an unknown id and for one that is no id", async () => {
    expect((await load(admin, detailsPath(randomUUID()))).status).toBe(404);
    expect((await load(admin, detailsPath("not-a-uuid"))).status).toBe(404);
    expect((await load(admin, editPath("'; drop table bookings"))).status).toBe(404);
    expect((await load(admin, cancelPath(randomUUID()))).status).toBe(404);
  });
});

describe.skipIf(usingHostedBackend)("editing a booking", () => {
  const today = todayIn(COMPANY.timeZone);
  /** The booking's edit form with a new date, time, addresses, instructions and final cost typed in. */
  const validForm = (booking: BookingRow, changes: Record<string, string | undefined> = {}) =>
    editFormOf(booking, {
      date: addDays(today, 30),
      time: "10:00",
      fromAddress: "5 New St, Atlanta",
      toAddress: "6 Other Ave, Decatur",
      specialInstructions: "Ring twice",
      finalCost: "1,250.50",
      ...changes,
    });
  const historyOf = async (bookingId: string) =>
    backend.sql<{ field: string; before: string | null; after: string | null; changed_by: string }>(
      "select field, before, after, changed_by from public.booking_edits where booking_id = $1 order by field",
      [bookingId],
    );

  it.each([
    ["fullName", "", BOOKING_MESSAGES.fullNameRequired],
    ["fullName", "n".repeat(201), BOOKING_MESSAGES.tooLong(200)],
    ["email", "", BOOKING_MESSAGES.emailRequired],
    ["email", "someone@nowhere", BOOKING_MESSAGES.emailInvalid],
    ["phone", "", BOOKING_MESSAGES.phoneRequired],
    ["phone", "call me", BOOKING_MESSAGES.phoneInvalid],
    ["date", "", BOOKING_MESSAGES.dateRequired],
    ["date", "2020-01-01", BOOKING_MESSAGES.dateInPast],
    ["date", addDays(todayIn(COMPANY.timeZone), 400), BOOKING_MESSAGES.dateTooFar],
    ["time", "09:30", BOOKING_MESSAGES.timeInvalid],
    ["fromAddress", "  ", BOOKING_MESSAGES.fromRequired],
    ["toAddress", "", BOOKING_MESSAGES.toRequired],
    ["toAddress", "x".repeat(501), BOOKING_MESSAGES.tooLong(500)],
    ["fromAddress", "1 Main\u0007 St", BOOKING_MESSAGES.controlCharacters],
    ["propertySize", "", BOOKING_MESSAGES.sizeRequired],
    ["propertySize", "mansion", BOOKING_MESSAGES.sizeRequired],
    ["teamType", "", BOOKING_MESSAGES.teamRequired],
    ["teamType", "platinum", BOOKING_MESSAGES.teamRequired],
    ["serviceType", "", BOOKING_MESSAGES.serviceRequired],
    ["serviceType", "international", BOOKING_MESSAGES.serviceRequired],
    ["extraMovers", "7", BOOKING_MESSAGES.counter(0, 6)],
    ["tvMounting", "-1", BOOKING_MESSAGES.counter(0, 6)],
    ["deepCleaningBedrooms", "6", BOOKING_MESSAGES.counter(0, 5)],
    ["specialInstructions", "y".repeat(2001), BOOKING_MESSAGES.tooLong(2000)],
    ["finalCost", "12.345", BOOKING_EDIT_MESSAGES.finalCostInvalid],
    ["finalCost", "-5", BOOKING_EDIT_MESSAGES.finalCostInvalid],
    ["finalCost", "lots", BOOKING_EDIT_MESSAGES.finalCostInvalid],
    ["finalCost", "1000000.01", BOOKING_EDIT_MESSAGES.finalCostTooLarge],
  ])("refuses %s = %j with its message beside the field, keeps what was typed, and changes nothing", async (field, value, message) => {
    const booking = await insertStoredBooking(serviceRole, customer);
    // Something priced changes too: a refused form prices and saves nothing.
    const form = { ...validForm(booking, { propertySize: "4_bedroom", packingService: "on" }), [field]: value };
    const { status, value: reply } = await act(admin, editPath(booking.id), form);
    expect(status).toBe(400);
    const result = reply as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(result.error).toEqual({ [field]: [message] });
    // Everything typed comes back to the form (an emptied field stays empty).
    const typed = Object.fromEntries(Object.entries(form).filter(([, entry]) => entry !== ""));
    expect(result.initialValue).toEqual(typed);
    expect(await stored(booking.id)).toEqual(booking);
    expect(await historyOf(booking.id)).toHaveLength(0);
  });

  it("saves the changes, one history row per changed field with before, after, who and when, and says so", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { moving_time: "08:00", special_instructions: "Ring twice" });
    const form = validForm(booking);
    const { status, location } = await act(admin, editPath(booking.id), form);
    expect(status).toBe(302);
    expect(location).toBe(detailsPath(booking.id));
    expect(await admin.visitor.toast(location!)).toMatchObject({
      type: "success",
      title: BOOKING_EDIT_MESSAGES.saved,
      description: "Changed: Move date, Time, Moving from, Moving to and Final cost.",
    });

    expect(await stored(booking.id)).toMatchObject({
      moving_date: form.date,
      moving_time: "10:00:00",
      moving_from: "5 New St, Atlanta",
      moving_to: "6 Other Ave, Decatur",
      special_instructions: "Ring twice",
      final_cost_cents: 125_050,
      // Nothing it is priced by changed: it keeps the estimate it was quoted.
      estimated_cost_cents: booking.estimated_cost_cents,
      estimated_hours: booking.estimated_hours,
      quote: booking.quote,
    });
    const rows = await backend.sql<{ field: string; before: string | null; after: string | null; changed_by: string; changed_at: Date }>(
      "select field, before, after, changed_by, changed_at from public.booking_edits where booking_id = $1 order by field",
      [booking.id],
    );
    expect(rows.map(({ field, before, after, changed_by }) => ({ field, before, after, changed_by }))).toEqual([
      { field: "final_cost_cents", before: null, after: "125050", changed_by: admin.user.id },
      { field: "moving_date", before: "2027-03-01", after: form.date, changed_by: admin.user.id },
      { field: "moving_from", before: "1 Peachtree St, Atlanta", after: "5 New St, Atlanta", changed_by: admin.user.id },
      { field: "moving_time", before: "08:00:00", after: "10:00:00", changed_by: admin.user.id },
      { field: "moving_to", before: "2 Ponce de Leon Ave, Atlanta", after: "6 Other Ave, Decatur", changed_by: admin.user.id },
    ]);
    expect(rows.every((row) => row.changed_at instanceof Date)).toBe(true);

    // The page lists the edits, with who made them.
    const page = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(page.edits).toContainEqual(expect.objectContaining({ field: "Final cost", before: "—", after: "$1,250.50", changedBy: "Ada Admin" }));

    // Saving the same values again changes nothing and records nothing.
    const again = await act(admin, editPath(booking.id), form);
    expect(await admin.visitor.toast(again.location!)).toMatchObject({ title: BOOKING_EDIT_MESSAGES.unchanged });
    expect(await historyOf(booking.id)).toHaveLength(5);
  });

  it("saves a new price only once it was shown: a save straight after a change comes back with the difference, nothing saved", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { estimated_hours: 6 });
    const unseen = editFormOf(booking, { propertySize: "3_bedroom", shownEstimate: String(booking.estimated_cost_cents) });
    const asked = await act<{ error: Record<string, string[]> }>(admin, editPath(booking.id), unseen);
    expect(asked.status).toBe(409);
    expect(asked.value?.error?.[""]).toEqual(["The price changes: check the new estimate below, then save again."]);
    expect(await stored(booking.id)).toMatchObject({ property_size: booking.property_size, estimated_cost_cents: booking.estimated_cost_cents });
    // The page that came back shows the new estimate, and sends it with the next Save.
    const page = await admin.visitor.post(editPath(booking.id), unseen);
    const shown = /name="shownEstimate" value="(\d+)"/.exec(page.html)?.[1];
    expect(shown).toBe(editFormOf(booking, { propertySize: "3_bedroom" }).shownEstimate);
    expect(page.text).toContain("New estimate");
    const saved = await act(admin, editPath(booking.id), { ...unseen, shownEstimate: shown! });
    expect(saved.status).toBe(302);
    expect((await stored(booking.id)).estimated_cost_cents).toBe(Number(shown));
  });

  it("prices the booking again by the wizard's pricing when its size, add-ons and team change, records each change, and keeps the deposit paid", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, {
      estimated_hours: 6,
      deposit_status: "paid",
      deposit_paid_at: new Date().toISOString(),
    });
    const form = editFormOf(booking, { propertySize: "3_bedroom", teamType: "luxury", packingService: "on", extraMovers: "2", tvMounting: "1" });
    const { status, location } = await act(admin, editPath(booking.id), form);
    expect(status).toBe(302);

    const expected = estimateBooking({
      teamType: "luxury",
      serviceType: "local",
      propertySize: "3_bedroom",
      packingService: true,
      storageService: false,
      cleaningService: false,
      extraMovers: 2,
      tvMounting: 1,
      deepCleaningBedrooms: 0,
    });
    // 8 hours × $175, packing $120, 2 extra movers × $35, one TV $120, the $100 truck fee.
    expect(expected.totalCents).toBe(181_000);
    const after = await stored(booking.id);
    expect(after).toMatchObject({
      property_size: "3_bedroom",
      team_type: "luxury",
      packing_service: true,
      extra_movers: 2,
      tv_mounting: 1,
      estimated_cost_cents: expected.totalCents,
      estimated_hours: 8,
      quote: quoteFromEstimate(expected),
      // The deposit already paid is as it was.
      deposit_status: "paid",
      deposit_amount_cents: booking.deposit_amount_cents,
      deposit_paid_at: booking.deposit_paid_at,
    });
    expect(await historyOf(booking.id)).toEqual(
      [
        { field: "estimated_cost_cents", before: "100000", after: "181000" },
        { field: "estimated_hours", before: "6", after: "8" },
        { field: "extra_movers", before: "0", after: "2" },
        { field: "packing_service", before: "false", after: "true" },
        { field: "property_size", before: "2_bedroom", after: "3_bedroom" },
        { field: "team_type", before: "elite", after: "luxury" },
        { field: "tv_mounting", before: "0", after: "1" },
      ].map((row) => ({ ...row, changed_by: admin.user.id })),
    );
    expect(await admin.visitor.toast(location!)).toMatchObject({
      type: "success",
      title: BOOKING_EDIT_MESSAGES.saved,
      description: "Changed: Property size, Team, Packing service, Extra movers and TV mounting. New estimate $1,810, +$810 from $1,000.",
    });

    // The booking's page shows the new estimate, what is left to pay against it, and each change in plain words.
    const page = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(page.price).toMatchObject({ totalLabel: "Estimated total", total: "$1,810", depositPaid: "$50", balance: "$1,760", hours: 8, hourlyRate: "$175" });
    expect(page.price.lines).toContainEqual({ label: "Moving team, 8 hours", amount: "$1,400" });
    expect(page.edits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "Property size", before: "2 bedrooms", after: "3 bedrooms", changedBy: "Ada Admin" }),
        expect.objectContaining({ field: "Team", before: "Elite Team", after: "Luxury Team" }),
        expect.objectContaining({ field: "Packing service", before: "No", after: "Yes" }),
        expect.objectContaining({ field: "Extra movers", before: "0", after: "2" }),
        expect.objectContaining({ field: "TV mounting", before: "0", after: "1" }),
        expect.objectContaining({ field: "Estimated hours", before: "6", after: "8" }),
        expect.objectContaining({ field: "Estimate", before: "$1,000", after: "$1,810" }),
      ]),
    );
  });

  it("changes the customer's contact details with the wizard's rules, without pricing the booking again", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { estimated_hours: 6 });
    const form = editFormOf(booking, {
      fullName: "Dana Newname",
      email: " Dana.Newname@Example.com ",
      phone: "(404) 555-0199",
      serviceType: booking.service_type,
    });
    expect((await act(admin, editPath(booking.id), form)).status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({
      full_name: "Dana Newname",
      email: "dana.newname@example.com",
      phone: "(404) 555-0199",
      estimated_cost_cents: booking.estimated_cost_cents,
    });
    expect((await historyOf(booking.id)).map((row) => row.field)).toEqual(["email", "full_name", "phone"]);
    const page = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(page.edits).toContainEqual(expect.objectContaining({ field: "Customer name", before: "Test Customer", after: "Dana Newname" }));
  });

  it("shows the new price and the difference without JavaScript ('Show the new price'), everything typed kept and nothing saved", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { estimated_hours: 6 });
    const form = editFormOf(booking, { intent: "show-price", propertySize: "3_bedroom", toAddress: "9 Typed Rd, Decatur", finalCost: "oops" });
    const page = await admin.visitor.post(editPath(booking.id), form);
    expect(page.status).toBe(200);
    // 8 hours × $150 and the $100 truck fee, against the $1,000 quoted.
    expect(page.text).toContain("New estimate $1,300, +$300 from $1,000");
    expect(page.text).toContain("8 estimated hours, 6 before");
    expect(page.html).toContain('value="9 Typed Rd, Decatur"');
    expect(page.html).toMatch(/<option value="3_bedroom" selected/);
    // Nothing is checked or saved: no message for the final cost typed, the booking as it was.
    expect(page.text).not.toContain(BOOKING_EDIT_MESSAGES.finalCostInvalid);
    expect(await stored(booking.id)).toEqual(booking);
    expect(await historyOf(booking.id)).toHaveLength(0);

    // A counter's + without JavaScript moves the count and prices it, saving nothing either.
    const more = await act<{ initialValue: Record<string, string> }>(admin, editPath(booking.id), { ...form, intent: "adjust:extraMovers:1" });
    expect(more.status).toBe(200);
    expect(more.value.initialValue).toMatchObject({ extraMovers: "1", propertySize: "3_bedroom", toAddress: "9 Typed Rd, Decatur" });
    const counted = await admin.visitor.post(editPath(booking.id), { ...form, extraMovers: "1", intent: "show-price" });
    expect(counted.text).toContain("New estimate $1,335, +$335 from $1,000");
    expect(await stored(booking.id)).toEqual(booking);
  });

  it("judges a bigger home by the free-time check for its new hours, unless booked anyway", async () => {
    const day = addDays(today, 45);
    await serviceRole.from("schedule_days").upsert({ day, crews: 1, closed: false, reason: null });
    const held = { status: "confirmed", deposit_status: "paid", deposit_paid_at: new Date().toISOString(), moving_date: day } as const;
    await insertStoredBooking(serviceRole, customer, { ...held, moving_time: "12:00", property_size: "1_bedroom", estimated_hours: 4 });
    const booking = await insertStoredBooking(serviceRole, customer, { ...held, moving_time: "08:00", property_size: "1_bedroom", estimated_hours: 4 });

    // 6 hours from 08:00 runs into the other move's crew at 12:00: the only crew is out.
    const bigger = editFormOf(booking, { propertySize: "2_bedroom" });
    const refused = await act<{ error: Record<string, string[]> }>(admin, editPath(booking.id), bigger);
    expect(refused.status).toBe(409);
    expect(refused.value.error[""]![0]).toContain("No crew is free");
    expect(await stored(booking.id)).toEqual(booking);
    expect(await historyOf(booking.id)).toHaveLength(0);
    // 12 hours from 08:00 would run past closing.
    const huge = await act<{ error: Record<string, string[]> }>(admin, editPath(booking.id), editFormOf(booking, { propertySize: "5_plus_bedroom" }));
    expect(huge.status).toBe(409);
    expect(huge.value.error[""]).toEqual([BOOKING_EDIT_MESSAGES.startPastClosing]);

    const saved = await act(admin, editPath(booking.id), { ...bigger, overCapacity: "confirm" });
    expect(saved.status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ property_size: "2_bedroom", estimated_hours: 6 });
    expect(await historyOf(booking.id)).toContainEqual({
      field: "over_capacity",
      before: null,
      after: expect.stringContaining("No crew is free"),
      changed_by: admin.user.id,
    });
  });

  it("keeps a move date now past when it is not changed, and empties the time, instructions and final cost", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { moving_date: "2024-05-01", moving_time: "08:00", final_cost_cents: 90_000 });
    const { status } = await act(admin, editPath(booking.id), {
      ...validForm(booking),
      date: "2024-05-01",
      time: "",
      specialInstructions: "",
      finalCost: "",
    });
    expect(status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ moving_date: "2024-05-01", moving_time: null, special_instructions: null, final_cost_cents: null });
  });

  it("keeps a time the booking has outside today's slots when it is not changed", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { moving_time: "09:30" });
    const page = (await load<Edit>(admin, editPath(booking.id))).value;
    expect(page.timeOptions).toContainEqual({ value: "09:30", label: "9:30 AM" });
    const { status } = await act(admin, editPath(booking.id), { ...validForm(booking), time: "09:30" });
    expect(status).toBe(302);
    expect((await stored(booking.id)).moving_time).toBe("09:30:00");
    expect(await backend.sql("select 1 from public.booking_edits where booking_id = $1 and field = 'moving_time'", [booking.id])).toHaveLength(0);
    // Another time outside the slots is still refused.
    expect((await act(admin, editPath(booking.id), { ...validForm(booking), time: "09:45" })).status).toBe(400);
  });

  it("keeps an email and phone written before the wizard's rules when they are not changed", async () => {
    const booking = await insertStoredBooking(serviceRole, customer, { email: "Old.Style@Example.com", phone: "555-0100" });
    expect((await act(admin, editPath(booking.id), editFormOf(booking, { fullName: "Kept Details" }))).status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ email: "Old.Style@Example.com", phone: "555-0100", full_name: "Kept Details" });
    const changed = await act<{ error: Record<string, string[]> }>(admin, editPath(booking.id), editFormOf(booking, { phone: "555-0101" }));
    expect(changed.status).toBe(400);
    expect(changed.value.error).toEqual({ phone: [BOOKING_MESSAGES.phoneInvalid] });
  });

  it("refuses a moderator and a customer, in the action and in the database", async () => {
    const booking = await insertStoredBooking(serviceRole, customer);
    for (const who of [moderator, customer]) {
      expect((await load(who, editPath(booking.id))).status).toBe(403);
      expect((await act(who, editPath(booking.id), validForm(booking, { propertySize: "5_plus_bedroom" }))).status).toBe(403);
      expect((await act(who, editPath(booking.id), { ...validForm(booking), intent: "show-price" })).status).toBe(403);
      const crafted = await who.client.rpc("update_booking_details", craftedEdit(booking, { _moving_from: "Elsewhere", _final_cost_cents: 1 }));
      expect(crafted.error?.code).toBe("42501");
      const read = await who.client.from("booking_edits").select("id").eq("booking_id", booking.id);
      if (who === customer) expect(read.data).toEqual([]);
    }
    expect(await stored(booking.id)).toEqual(booking);
  });

  it("refuses, in the database, a change of what a booking is priced by without its new estimate", async () => {
    const booking = await insertStoredBooking(serviceRole, customer);
    const crafted = await admin.client.rpc("update_booking_details", craftedEdit(booking, { _property_size: "5_plus_bedroom" }));
    expect(crafted.error?.code).toBe("22023");
    // A quote that does not add up to its total is refused as well.
    const wrong = await admin.client.rpc(
      "update_booking_details",
      craftedEdit(booking, {
        _property_size: "5_plus_bedroom",
        _estimated_hours: 12,
        _estimated_cost_cents: 1,
        _quote: { lines: [{ label: "Moving team, 12 hours", cents: 180_000 }], total_cents: 180_000, hourly_rate_cents: 15_000 },
      }),
    );
    expect(wrong.error).not.toBeNull();
    expect(await stored(booking.id)).toEqual(booking);
    expect(await historyOf(booking.id)).toHaveLength(0);
  });
});

/** The arguments of update_booking_details for `booking` as it is, with `changes`. */
function craftedEdit(booking: BookingRow, changes: Record<string, unknown> = {}) {
  return {
    _booking_id: booking.id,
    _full_name: booking.full_name,
    _email: booking.email,
    _phone: booking.phone,
    _moving_date: booking.moving_date,
    _moving_time: booking.moving_time as string,
    _moving_from: booking.moving_from,
    _moving_to: booking.moving_to,
    _property_size: booking.property_size as string,
    _team_type: booking.team_type,
    _service_type: booking.service_type,
    _packing_service: booking.packing_service,
    _storage_service: booking.storage_service,
    _cleaning_service: booking.cleaning_service,
    _extra_movers: booking.extra_movers,
    _tv_mounting: booking.tv_mounting,
    _deep_cleaning_bedrooms: booking.deep_cleaning_bedrooms,
    _special_instructions: booking.special_instructions as string,
    _final_cost_cents: booking.final_cost_cents as number,
    ...changes,
  };
}

describe.skipIf(usingHostedBackend || usingHostedStripe)("cancelling a booking", () => {
  it("without a refund: cancelled, the history names who, the deposit stays paid", async () => {
    const booking = await paidBooking();
    const page = (await load<Cancel>(admin, cancelPath(booking.id))).value;
    expect(page).toMatchObject({ cancelled: false, depositPaid: true, depositAmount: "$50", canRefund: true });

    const { status, location } = await act(admin, cancelPath(booking.id), { intent: "cancel-booking", refund: "no" });
    expect(status).toBe(302);
    expect(location).toBe(detailsPath(booking.id));
    expect(await admin.visitor.toast(location!)).toMatchObject({ type: "success", title: "Booking cancelled" });
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "paid" });
    const [last] = await backend.sql<{ status: string; changed_by: string }>(
      "select status, changed_by from public.booking_status_events where booking_id = $1 order by changed_at desc, id desc limit 1",
      [booking.id],
    );
    expect(last).toEqual({ status: "cancelled", changed_by: admin.user.id });
    expect(stripeRefundsOf(booking.stripe_payment_intent_id!)).toHaveLength(0);

    // Refund remains possible from the booking's page.
    const details = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(details.deposit).toMatchObject({ label: "Deposit paid", canRefund: true });
    expect(details.canCancel).toBe(false);
  });

  it("with a refund: cancelled, refunded once through Stripe, recorded with who and when, shown as 'Deposit refunded'", async () => {
    const booking = await paidBooking();
    const { status, location } = await act(admin, cancelPath(booking.id), { intent: "cancel-booking", refund: "yes" });
    expect(status).toBe(302);
    expect(await admin.visitor.toast(location!)).toMatchObject({ type: "success", title: "Booking cancelled. Deposit refunded" });
    await deliveriesSettled(emulator);

    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "refunded", refund_due_at: null });
    const refunds = stripeRefundsOf(booking.stripe_payment_intent_id!);
    expect(refunds).toHaveLength(1);
    const refund = refunds[0]!.event.data.object as { id: string; amount: number };
    expect(refund.amount).toBe(5000);
    const rows = await backend.sql<{ stripe_refund_id: string; amount_cents: number; refunded_by: string }>(
      "select stripe_refund_id, amount_cents, refunded_by from public.deposit_refunds where booking_id = $1",
      [booking.id],
    );
    expect(rows).toEqual([{ stripe_refund_id: refund.id, amount_cents: 5000, refunded_by: admin.user.id }]);

    const details = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(details.deposit).toMatchObject({ label: "Deposit refunded", canRefund: false, refund: { id: refund.id, amount: "$50", by: "Ada Admin" } });

    // The customer's own page says so too.
    const customerPage = (
      await customer.visitor.load<CustomerDetailsRoute.ComponentProps["loaderData"]>(`/dashboard/bookings/${booking.id}`, "routes/dashboard/booking-details")
    ).value;
    expect(customerPage.payment.depositLabel).toBe("Deposit refunded");
  });

  it("refunds once when pressed twice at once, or by two admins at once", async () => {
    const booking = await paidBooking();
    await act(admin, cancelPath(booking.id), { intent: "cancel-booking", refund: "no" });
    const presses = await Promise.all([
      act(admin, detailsPath(booking.id), { intent: "refund" }),
      act(admin, detailsPath(booking.id), { intent: "refund" }),
      act(secondAdmin, detailsPath(booking.id), { intent: "refund" }),
    ]);
    for (const press of presses) expect(press.status).toBe(302);
    await deliveriesSettled(emulator);
    expect(stripeRefundsOf(booking.stripe_payment_intent_id!)).toHaveLength(1);
    expect(await backend.sql("select 1 from public.deposit_refunds where booking_id = $1", [booking.id])).toHaveLength(1);
    expect((await stored(booking.id)).deposit_status).toBe("refunded");

    // Pressed again later: nothing more is refunded.
    const later = await act(admin, detailsPath(booking.id), { intent: "refund" });
    expect(await admin.visitor.toast(later.location!)).toMatchObject({ title: "The deposit was already refunded." });
    expect(stripeRefundsOf(booking.stripe_payment_intent_id!)).toHaveLength(1);
  });

  it("refuses a moderator's refund in the action and in the database, while letting them cancel", async () => {
    const booking = await paidBooking();
    expect((await act(moderator, cancelPath(booking.id), { intent: "cancel-booking", refund: "yes" })).status).toBe(403);
    expect(await stored(booking.id)).toMatchObject({ status: "pending", deposit_status: "paid" });
    expect((await act(moderator, detailsPath(booking.id), { intent: "refund" })).status).toBe(403);
    const crafted = await moderator.client.rpc("record_deposit_refund", { _booking_id: booking.id, _refund_id: "re_fake", _amount_cents: 5000 });
    expect(crafted.error?.code).toBe("42501");
    expect(stripeRefundsOf(booking.stripe_payment_intent_id!)).toHaveLength(0);

    expect((await act(moderator, cancelPath(booking.id), { intent: "cancel-booking" })).status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "paid" });
  });

  it("refuses to refund the deposit of a live booking, in the action (409, saying why) and in the database", async () => {
    const booking = await paidBooking();
    const crafted = await act(admin, detailsPath(booking.id), { intent: "refund" });
    expect(crafted.status).toBe(409);
    expect(crafted.value).toBe("Refund the deposit only after cancelling the booking.");
    expect(stripeRefundsOf(booking.stripe_payment_intent_id!)).toHaveLength(0);
    expect(await stored(booking.id)).toMatchObject({ status: "pending", deposit_status: "paid" });

    const recorded = await admin.client.rpc("record_deposit_refund", { _booking_id: booking.id, _refund_id: "re_fake", _amount_cents: 5000 });
    expect(recorded.error?.message).toBe("Refund the deposit only after cancelling the booking.");
    expect(await stored(booking.id)).toMatchObject({ status: "pending", deposit_status: "paid" });
    expect(await backend.sql("select 1 from public.deposit_refunds where booking_id = $1", [booking.id])).toHaveLength(0);
  });

  it("refuses a customer, in the action and in the database", async () => {
    const booking = await paidBooking();
    expect((await act(customer, cancelPath(booking.id), { intent: "cancel-booking", refund: "yes" })).status).toBe(403);
    expect((await act(customer, detailsPath(booking.id), { intent: "refund" })).status).toBe(403);
    expect((await customer.client.rpc("record_deposit_refund", { _booking_id: booking.id, _refund_id: "re_fake", _amount_cents: 5000 })).error?.code).toBe(
      "42501",
    );
    expect((await customer.client.rpc("set_booking_status", { _booking_id: booking.id, _status: "cancelled" })).error?.code).toBe("42501");
    expect(await stored(booking.id)).toMatchObject({ status: "pending", deposit_status: "paid" });
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("Stripe's charge.refunded", () => {
  it("marks a deposit refunded elsewhere (say, Stripe's dashboard), and its redelivery changes nothing", async () => {
    const booking = await paidBooking();
    await testStripe.stripe.refunds.create({ payment_intent: booking.stripe_payment_intent_id! });
    await deliveriesSettled(emulator);
    const refunded = await stored(booking.id);
    expect(refunded).toMatchObject({ deposit_status: "refunded" });
    const rows = await backend.sql<{ amount_cents: number; refunded_by: string | null }>(
      "select amount_cents, refunded_by from public.deposit_refunds where booking_id = $1",
      [booking.id],
    );
    expect(rows).toEqual([{ amount_cents: 5000, refunded_by: null }]);

    const event = events(emulator, "charge.refunded").find(
      (record) => (record.event.data.object as { payment_intent?: string }).payment_intent === booking.stripe_payment_intent_id,
    )!;
    const again = await redeliver(emulator, event.event.id);
    expect(again.delivery.state).toBe("delivered");
    expect(await stored(booking.id)).toEqual(refunded);
    expect(await backend.sql("select 1 from public.deposit_refunds where booking_id = $1", [booking.id])).toHaveLength(1);
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("a partial refund made on Stripe's side", () => {
  it("leaves the deposit paid: only a charge refunded in full refunds it", async () => {
    const booking = await paidBooking();
    await testStripe.stripe.refunds.create({ payment_intent: booking.stripe_payment_intent_id!, amount: 2000 });
    await deliveriesSettled(emulator);
    expect(await stored(booking.id)).toMatchObject({ deposit_status: "paid" });
    expect(await backend.sql("select 1 from public.deposit_refunds where booking_id = $1", [booking.id])).toHaveLength(0);
  });
});

describe.skipIf(usingHostedBackend || usingHostedStripe)("a deposit paid after the booking was cancelled", () => {
  it("shows 'Refund due' with Refund until refunded, then 'Deposit refunded'", async () => {
    const booking = await savedBooking(serviceRole, {
      request: sampleBookingRequest({ email: customer.user.email! }),
      userId: customer.user.id,
      draftId: randomUUID(),
    });
    await startCheckout(testStripe.stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: `late-${randomUUID()}` });
    const sessionId = (await stored(booking.id)).stripe_checkout_session_id!;
    // Cancelled while the checkout page was still open in the customer's tab; then they pay.
    await backend.sql("update public.bookings set status = 'cancelled' where id = $1", [booking.id]);
    expect((await completeSession(emulator, sessionId)).status).toBe(303);
    await deliveriesSettled(emulator);
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "paid", refund_due_at: expect.any(String) });

    const due = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(due.deposit).toMatchObject({ label: "Refund due", canRefund: true });

    const pressed = await act(admin, detailsPath(booking.id), { intent: "refund" });
    expect(pressed.status).toBe(302);
    expect(await admin.visitor.toast(pressed.location!)).toMatchObject({ type: "success", title: "Deposit refunded" });
    await deliveriesSettled(emulator);
    expect(await stored(booking.id)).toMatchObject({ status: "cancelled", deposit_status: "refunded", refund_due_at: null });
    const after = (await load<Details>(admin, detailsPath(booking.id))).value;
    expect(after.deposit).toMatchObject({ label: "Deposit refunded", canRefund: false });
  });
});

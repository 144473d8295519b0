import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import {
  SERVICE_ROLE,
  asSuperuser,
  callAs,
  copyOfTemplate,
  createAccount,
  interleaved,
  releasedAtOnce,
  type CallerTransaction,
  type Claims,
  type TestDatabase,
} from "./support/database.ts";

// A paid Checkout reaches the database by two doors at once: Stripe's webhook (its event recorded
// and applied in one transaction, public.apply_stripe_checkout_event, and Stripe may deliver an event
// twice at the same moment) and the customer's return to the success page (public.mark_deposit_paid).
// Whatever arrives together, the deposit is paid once, each event recorded once, and the money
// collected counts it once.

/** The natural way to mark a deposit paid that pays it twice: read its status, then write by id. */
const READ_THEN_MARK = `
create or replace function public.mark_deposit_paid(_booking_id uuid, _session_id text, _confirm boolean, _payment_intent_id text default null)
returns setof public.bookings
language plpgsql
set search_path = ''
as $$
declare
  seen text;
begin
  select b.deposit_status into seen from public.bookings b where b.id = _booking_id and b.stripe_checkout_session_id = _session_id;
  if seen is null or seen in ('paid', 'refunded') then
    return;
  end if;
  return query
  update public.bookings
  set deposit_status = 'paid', deposit_paid_at = clock_timestamp(), stripe_payment_intent_id = _payment_intent_id,
      status = case when _confirm and status = 'pending' then 'confirmed' else status end
  where id = _booking_id
  returning *;
end;
$$;`;

let database: TestDatabase;
let weakened: TestDatabase;
let admin: Claims;

beforeAll(async () => {
  [database, weakened] = await Promise.all([copyOfTemplate(), copyOfTemplate(READ_THEN_MARK)]);
  admin = await asSuperuser(database.url, (client) => createAccount(client, "admin"));
});

afterAll(async () => {
  await Promise.all([database?.drop(), weakened?.drop()]);
});

interface Checkout {
  bookingId: string;
  sessionId: string;
  paymentIntentId: string;
}

/** A guest's booking saved at Pay, waiting on its Checkout Session with the $50 deposit unpaid. */
function bookingAwaitingPayment(url: string): Promise<Checkout> {
  const checkout = {
    bookingId: randomUUID(),
    sessionId: `cs_test_${randomUUID().replaceAll("-", "")}`,
    paymentIntentId: `pi_${randomUUID().replaceAll("-", "")}`,
  };
  return asSuperuser(url, async (client) => {
    await client.query(
      `insert into public.bookings (id, full_name, email, phone, moving_from, moving_to, moving_date, moving_time, team_type, service_type,
         property_size, estimated_cost_cents, deposit_amount_cents, stripe_checkout_session_id, checkout_expires_at)
       values ($1, 'Pat Payer', $2, '404-555-0142', '10 Peachtree St, Atlanta', '20 Ponce de Leon Ave, Atlanta', '2027-04-12', '08:00',
         'elite', 'local', '1_bedroom', 60000, 5000, $3, now() + interval '30 minutes')`,
      [checkout.bookingId, `pat.${checkout.bookingId.slice(0, 8)}@example.com`, checkout.sessionId],
    );
    return checkout;
  });
}

/** Stripe's webhook applying a completed Checkout's event. */
const webhook =
  (eventId: string, { sessionId, paymentIntentId }: Checkout, type = "checkout.session.completed") =>
  (caller: CallerTransaction) =>
    caller.query<{ applied: string }>("select public.apply_stripe_checkout_event($1, $2, 'paid', $3, true, $4) as applied", [
      eventId,
      type,
      sessionId,
      paymentIntentId,
    ]);

/** The success page fulfilling the same Checkout: the booking's row when this call marked it paid. */
const successPage =
  ({ bookingId, sessionId, paymentIntentId }: Checkout) =>
  (caller: CallerTransaction) =>
    caller.query<{ id: string }>("select id from public.mark_deposit_paid($1, $2, true, $3)", [bookingId, sessionId, paymentIntentId]);

/** What the booking, the recorded events and the office's revenue say afterwards. */
function afterwards(url: string, checkout: Checkout, eventIds: string[]) {
  return asSuperuser(url, async (client) => {
    const booking = await client.query<{ status: string; deposit_status: string; stripe_payment_intent_id: string; deposit_paid_at: Date | null }>(
      "select status, deposit_status, stripe_payment_intent_id, deposit_paid_at from public.bookings where id = $1",
      [checkout.bookingId],
    );
    const events = await client.query<{ event_id: string }>("select event_id from public.stripe_events where event_id = any($1) order by event_id", [eventIds]);
    return { booking: booking.rows[0]!, events: events.rows.map((row) => row.event_id) };
  });
}

/** The money collected, as the office's revenue page reads it: as a signed-in admin. */
async function moneyCollected(): Promise<number> {
  const outcome = await callAs(database.url, admin, (caller) =>
    caller.query<{ total_cents: string }>("select total_cents from public.admin_money_collected()"),
  );
  if (!outcome.ok) throw outcome.error;
  return Number(outcome.rows[0]!.total_cents);
}

const applied = (outcome: { ok: true; rows: pg.QueryResultRow[] } | { ok: false; error: unknown }) => (outcome.ok ? outcome.rows[0]?.applied : outcome.error);

describe("a paid Checkout arriving twice at the same moment", () => {
  it("is paid once when Stripe delivers its event twice at once: one delivery applies it, the other is a duplicate, the event is recorded once", async () => {
    const checkout = await bookingAwaitingPayment(database.url);
    const collectedBefore = await moneyCollected();
    const outcomes = await releasedAtOnce(database.url, [SERVICE_ROLE, SERVICE_ROLE], webhook("evt_twice", checkout));
    expect(outcomes.map(applied).sort()).toEqual(["duplicate", "paid"]);
    const { booking, events } = await afterwards(database.url, checkout, ["evt_twice"]);
    expect(booking).toMatchObject({ status: "confirmed", deposit_status: "paid", stripe_payment_intent_id: checkout.paymentIntentId });
    expect(events).toEqual(["evt_twice"]);
    expect((await moneyCollected()) - collectedBefore).toBe(5000);
  });

  it("is paid once when the webhook and the success page fulfil it at once: exactly one of them marks it", async () => {
    const checkout = await bookingAwaitingPayment(database.url);
    const collectedBefore = await moneyCollected();
    const outcomes = await releasedAtOnce<pg.QueryResultRow>(database.url, [SERVICE_ROLE, SERVICE_ROLE], (caller, index) =>
      index === 0 ? webhook("evt_and_page", checkout)(caller) : successPage(checkout)(caller),
    );
    const [fromWebhook, fromPage] = outcomes.map((outcome) => (outcome.ok ? outcome.rows : outcome.error));
    const webhookMarked = Array.isArray(fromWebhook) && fromWebhook[0]?.applied === "paid";
    const pageMarked = Array.isArray(fromPage) && fromPage.length === 1;
    expect(webhookMarked !== pageMarked, `webhook: ${JSON.stringify(fromWebhook)}, page: ${JSON.stringify(fromPage)}`).toBe(true);
    if (!webhookMarked) expect(fromWebhook).toEqual([{ applied: "unchanged" }]);
    const { booking, events } = await afterwards(database.url, checkout, ["evt_and_page"]);
    expect(booking).toMatchObject({ status: "confirmed", deposit_status: "paid" });
    expect(events).toEqual(["evt_and_page"]);
    expect((await moneyCollected()) - collectedBefore).toBe(5000);
  });

  it("is paid once when a second event of the same session comes with the first: one is applied, the other changes nothing", async () => {
    const checkout = await bookingAwaitingPayment(database.url);
    const outcomes = await releasedAtOnce(database.url, [SERVICE_ROLE, SERVICE_ROLE], (caller, index) =>
      index === 0 ? webhook("evt_completed", checkout)(caller) : webhook("evt_async_succeeded", checkout, "checkout.session.async_payment_succeeded")(caller),
    );
    expect(outcomes.map(applied).sort()).toEqual(["paid", "unchanged"]);
    expect((await afterwards(database.url, checkout, ["evt_completed", "evt_async_succeeded"])).events).toEqual(["evt_async_succeeded", "evt_completed"]);
  });

  it("waits for an uncommitted delivery of the same event, then finds it a duplicate", async () => {
    const checkout = await bookingAwaitingPayment(database.url);
    const outcomes = await interleaved(database.url, [SERVICE_ROLE, SERVICE_ROLE], webhook("evt_interleaved", checkout));
    expect(outcomes.map(applied)).toEqual(["paid", "duplicate"]);
  });

  it("lets the success page mark it once while another return is uncommitted: the second finds it paid and changes nothing", async () => {
    const checkout = await bookingAwaitingPayment(database.url);
    const [first, second] = await interleaved(database.url, [SERVICE_ROLE, SERVICE_ROLE], successPage(checkout));
    expect([first.ok && first.rows.length, second.ok && second.rows.length]).toEqual([1, 0]);
  });

  it("is paid twice under the same interleaving when the status is read, then written (the race the conditional update closes)", async () => {
    const checkout = await bookingAwaitingPayment(weakened.url);
    const [first, second] = await interleaved(weakened.url, [SERVICE_ROLE, SERVICE_ROLE], successPage(checkout));
    expect([first.ok && first.rows.length, second.ok && second.rows.length]).toEqual([1, 1]);
  });

  it("is fulfilled by the server alone: a signed-in customer's connection may apply no event", async () => {
    const checkout = await bookingAwaitingPayment(database.url);
    const customer = await asSuperuser(database.url, (client) => createAccount(client));
    const outcome = await callAs(database.url, customer, webhook("evt_customer", checkout));
    expect(outcome.ok ? "applied" : outcome.error.code).toBe("42501");
    expect((await afterwards(database.url, checkout, ["evt_customer"])).booking.deposit_status).toBe("unpaid");
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MAX_ATTEMPTS,
  RETRY_AFTER_MS,
  messageOutbox,
  sendDueMessages,
  type Deliver,
  type DeliveryOutcome,
  type OutboxMessage,
} from "../../app/services/message-sender.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The message outbox on the embedded database through the service role, as every server sends from
// it: a repeated change makes one row, a due row is claimed by one sender at a time (a lease that a
// stopped sender's row outlives), failures retry with backoff and end failed with the provider's
// answer, stale reminders are never sent, and none of it is a customer's to read or call.

let backend: TestBackend;
let service: AppSupabaseClient;
let customer: SignedInCustomer;
let admin: SignedInCustomer;
let moderator: SignedInCustomer;

beforeAll(async () => {
  backend = await startTestBackend();
  service = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(service);
  [customer, admin, moderator] = await Promise.all([
    signInCustomer(backend, "outbox"),
    signInStaff(backend, "admin", "outbox-admin", "Ada Admin"),
    signInStaff(backend, "moderator", "outbox-moderator", "Mo Moderator"),
  ]);
}, 60_000);

afterAll(async () => {
  await backend?.close();
});

beforeEach(async () => {
  await backend.sql("delete from public.message_outbox");
});

const booking = (columns: Parameters<typeof insertStoredBooking>[2] = {}) => insertStoredBooking(service, customer, columns);

async function enqueue(bookingId: string, kind: string, dueAt?: Date): Promise<boolean> {
  const { data, error } = await service.rpc("enqueue_booking_message", {
    p_booking_id: bookingId,
    p_kind: kind,
    p_facts: { kind },
    ...(dueAt ? { p_due_at: dueAt.toISOString() } : {}),
  });
  if (error) throw error;
  return data;
}

interface StoredMessage {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  recipient: string;
  booking_version: number | null;
  next_attempt_at: Date | null;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: Date | null;
}

const stored = (where = "true", params: unknown[] = []) =>
  backend.sql<StoredMessage>(
    `select id::int, kind, status, attempts, recipient, booking_version, next_attempt_at, last_error, provider_message_id, sent_at
       from public.message_outbox where ${where} order by id`,
    params,
  );

/** Makes every queued row's next attempt due now, as the clock reaching it would. */
const retriesComeDue = () => backend.sql("update public.message_outbox set next_attempt_at = now() - interval '1 second' where status = 'queued'");

/** A deliver that answers each call with the next outcome in `answers` (the last one again once they run out). */
function scripted(...answers: DeliveryOutcome[]) {
  const delivered: OutboxMessage[] = [];
  const deliver: Deliver = async (message) => {
    delivered.push(message);
    return answers[Math.min(delivered.length - 1, answers.length - 1)]!;
  };
  return { delivered, deliver };
}

const SENT: DeliveryOutcome = { kind: "sent", messageId: "<1@catcher.local>" };
const BUSY: DeliveryOutcome = { kind: "refused", permanent: false, response: "451 4.3.0 Try again later" };
const DOWN: DeliveryOutcome = { kind: "unreachable", error: "connect ECONNREFUSED 127.0.0.1:2525" };

const send = (deliver: Deliver, now = () => new Date()) => sendDueMessages({ outbox: messageOutbox(service), deliver, now, batch: 20 });

describe("queueing a message", () => {
  it("makes one row for a repeated change, even at once, at the booking's version and to its email", async () => {
    const { id, email } = await booking();
    expect((await Promise.all([enqueue(id, "booking_received"), enqueue(id, "booking_received")])).sort()).toEqual([false, true]);
    expect(await enqueue(id, "booking_received")).toBe(false);
    expect(await stored()).toMatchObject([{ kind: "booking_received", status: "queued", attempts: 0, recipient: email, booking_version: 1 }]);
  });

  it("makes a new row once the booking changed what the customer is told, and not for other edits", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_rescheduled");
    await backend.sql("update public.bookings set phone = '404-555-0199' where id = $1", [id]);
    expect(await enqueue(id, "booking_rescheduled")).toBe(false);
    await backend.sql("update public.bookings set moving_date = '2027-03-02' where id = $1", [id]);
    expect(await enqueue(id, "booking_rescheduled")).toBe(true);
    expect((await stored()).map((row) => row.booking_version)).toEqual([1, 2]);
  });

  it("sends the office's kinds to the company's address and refuses an unknown kind or booking", async () => {
    const { id } = await booking();
    await enqueue(id, "office_new_booking");
    const [settings] = await backend.sql<{ admin_email: string }>("select admin_email from public.app_settings");
    expect(await stored()).toMatchObject([{ kind: "office_new_booking", recipient: settings!.admin_email }]);
    await expect(enqueue(id, "birthday_card")).rejects.toMatchObject({ code: "23514" });
    await expect(enqueue("00000000-0000-4000-8000-000000000000", "booking_received")).rejects.toMatchObject({ code: "P0002" });
  });

  it("leaves out, without failing the change, a message to an address it cannot take", async () => {
    const { id } = await booking();
    const [settings] = await backend.sql<{ admin_email: string }>("select admin_email from public.app_settings");
    await backend.sql("update public.app_settings set admin_email = 'not an address'");
    try {
      expect(await enqueue(id, "office_new_booking")).toBe(false);
    } finally {
      await backend.sql("update public.app_settings set admin_email = $1", [settings!.admin_email]);
    }
    expect(await stored()).toEqual([]);
  });

  it("makes the office's list of a day once", async () => {
    const list = () => service.rpc("enqueue_office_day_list", { p_day: "2027-03-14", p_due_at: new Date().toISOString() });
    expect((await list()).data).toBe(true);
    expect((await list()).data).toBe(false);
    expect(await stored()).toMatchObject([{ kind: "office_tomorrow_list", booking_version: null }]);
  });
});

describe("claiming due messages", () => {
  const claim = () => service.rpc("claim_due_messages", { p_limit: 10, p_lease_seconds: 60 }).then(({ data, error }) => (error ? Promise.reject(error) : data));

  it("claims a due row once, leased, with one more attempt, and leaves a row not yet due", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    await enqueue(id, "reminder_48h", new Date(Date.now() + 3_600_000));
    const first = await claim();
    expect(first).toMatchObject([{ kind: "booking_received", status: "sending", attempts: 1 }]);
    expect(new Date(first[0]!.claimed_until!).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await claim()).toEqual([]);
  });

  it("lets another sender claim a row once its sender's lease ran out", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    expect(await claim()).toHaveLength(1);
    await backend.sql("update public.message_outbox set claimed_until = now() - interval '1 second'");
    expect(await claim()).toMatchObject([{ kind: "booking_received", status: "sending", attempts: 2 }]);
  });

  it("fails for good, instead of claiming again, a row whose lease ran out after its last attempt", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    await claim();
    await backend.sql("update public.message_outbox set attempts = $1, claimed_until = now() - interval '1 second'", [MAX_ATTEMPTS]);
    expect(await claim()).toEqual([]);
    expect(await stored()).toMatchObject([
      { status: "failed", attempts: MAX_ATTEMPTS, last_error: `Its sender stopped while sending it, at each of its ${MAX_ATTEMPTS} attempts.` },
    ]);
  });

  it("ignores a late answer for a row no longer held: it stays as the other sender left it", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    const [row] = await claim();
    await service.rpc("mark_messages_sent", { p_ids: [row!.id], p_provider_message_ids: ["<first@x>"] });
    expect((await service.rpc("mark_message_failed", { p_id: row!.id, p_error: "late" })).data).toBe(false);
    expect((await service.rpc("mark_messages_sent", { p_ids: [row!.id], p_provider_message_ids: ["<second@x>"] })).data).toBe(0);
    expect(await stored()).toMatchObject([{ status: "sent", provider_message_id: "<first@x>", last_error: null }]);
  });
});

describe("sending due messages", () => {
  it("sends a due message once with the provider's id", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_confirmed");
    const { delivered, deliver } = scripted(SENT);
    expect(await send(deliver)).toEqual({ sent: 1, retried: 0, failed: 0, voided: 0, deferred: 0 });
    expect(await send(deliver)).toEqual({ sent: 0, retried: 0, failed: 0, voided: 0, deferred: 0 });
    expect(delivered).toMatchObject([{ kind: "booking_confirmed", facts: { kind: "booking_confirmed" } }]);
    expect(await stored()).toMatchObject([{ status: "sent", attempts: 1, provider_message_id: "<1@catcher.local>" }]);
    expect((await stored())[0]!.sent_at).not.toBeNull();
  });

  it("sends once, on the 3rd attempt, a message the server refused twice, waiting 1 then 5 minutes", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    const { delivered, deliver } = scripted(BUSY, BUSY, SENT);
    const now = new Date();
    expect(await send(deliver, () => now)).toMatchObject({ retried: 1, sent: 0 });
    expect(await stored()).toMatchObject([
      { status: "queued", attempts: 1, last_error: expect.stringContaining("451 4.3.0"), next_attempt_at: new Date(now.getTime() + 60_000) },
    ]);
    // Not due again before its next attempt.
    expect(await send(deliver, () => now)).toEqual({ sent: 0, retried: 0, failed: 0, voided: 0, deferred: 0 });
    await retriesComeDue();
    expect(await send(deliver, () => now)).toMatchObject({ retried: 1 });
    expect(await stored()).toMatchObject([{ status: "queued", attempts: 2, next_attempt_at: new Date(now.getTime() + 5 * 60_000) }]);
    await retriesComeDue();
    expect(await send(deliver, () => now)).toMatchObject({ sent: 1, retried: 0 });
    expect(delivered).toHaveLength(3);
    expect(await stored()).toMatchObject([{ status: "sent", attempts: 3, provider_message_id: "<1@catcher.local>", last_error: null }]);
  });

  it("backs off 1 min, 5 min, 30 min and 2 h while the server is unreachable, then marks it failed with the error", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_cancelled");
    const { delivered, deliver } = scripted(DOWN);
    const now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await send(deliver, () => now)).toMatchObject({ retried: 1 });
      const [row] = await stored();
      waits.push(row!.next_attempt_at!.getTime() - now.getTime());
      await retriesComeDue();
    }
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    expect(waits).toEqual(RETRY_AFTER_MS);
    expect(await send(deliver, () => now)).toEqual({ sent: 0, retried: 0, failed: 1, voided: 0, deferred: 0 });
    expect(delivered).toHaveLength(MAX_ATTEMPTS);
    expect(await stored()).toMatchObject([{ status: "failed", attempts: 5, next_attempt_at: null, last_error: expect.stringContaining("ECONNREFUSED") }]);
    await retriesComeDue();
    expect(await send(deliver, () => now)).toEqual({ sent: 0, retried: 0, failed: 0, voided: 0, deferred: 0 });
  });

  it("marks a message the provider refuses for good failed at once, with its answer, and leaves the booking untouched", async () => {
    const before = await booking();
    await enqueue(before.id, "booking_received");
    const { deliver } = scripted({ kind: "refused", permanent: true, response: "550 5.1.1 <nobody@example.com>: Recipient address rejected" });
    expect(await send(deliver)).toEqual({ sent: 0, retried: 0, failed: 1, voided: 0, deferred: 0 });
    expect(await stored()).toMatchObject([{ status: "failed", attempts: 1, last_error: expect.stringContaining("550 5.1.1") }]);
    const [after] = await backend.sql<{ status: string; version: number }>("select status, version from public.bookings where id = $1", [before.id]);
    expect(after).toEqual({ status: before.status, version: before.version });
  });

  it("retries a message whose deliver threw, as an unreachable server", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    expect(
      await send(async () => {
        throw new Error("template exploded");
      }),
    ).toMatchObject({ retried: 1 });
    expect(await stored()).toMatchObject([{ status: "queued", last_error: expect.stringContaining("template exploded") }]);
  });

  it("voids, without sending, a reminder of an older version of its booking or of a cancelled booking, and sends the rest", async () => {
    const moved = await booking();
    await enqueue(moved.id, "reminder_day_before");
    await enqueue(moved.id, "booking_received");
    await backend.sql("update public.bookings set moving_time = '09:00' where id = $1", [moved.id]);
    const cancelled = await booking();
    await backend.sql("update public.bookings set status = 'cancelled' where id = $1", [cancelled.id]);
    await enqueue(cancelled.id, "reminder_48h");
    const { delivered, deliver } = scripted(SENT);
    expect(await send(deliver)).toEqual({ sent: 1, retried: 0, failed: 0, voided: 2, deferred: 0 });
    expect(delivered.map((message) => message.kind)).toEqual(["booking_received"]);
    expect((await stored()).map(({ kind, status }) => ({ kind, status }))).toEqual([
      { kind: "reminder_day_before", status: "void" },
      { kind: "booking_received", status: "sent" },
      { kind: "reminder_48h", status: "void" },
    ]);
  });

  it("delivers a few at once, never more", async () => {
    const { id } = await booking();
    for (const kind of [
      "booking_received",
      "booking_confirmed",
      "booking_rescheduled",
      "booking_cancelled",
      "booking_refunded",
      "day_closed_moved",
      "office_new_booking",
    ])
      await enqueue(id, kind);
    let inFlight = 0;
    let most = 0;
    const deliver: Deliver = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return SENT;
    };
    expect(await sendDueMessages({ outbox: messageOutbox(service), deliver, batch: 20, concurrency: 3 })).toMatchObject({ sent: 7 });
    expect(most).toBe(3);
  });

  it("gives way before each message: none goes while the server's requests hold it back", async () => {
    const { id } = await booking();
    for (const kind of ["booking_received", "booking_confirmed", "booking_rescheduled"]) await enqueue(id, kind);
    const { delivered, deliver } = scripted(SENT);
    // Each call waits until the test lets one message through, as a quiet moment between requests would.
    const turns: Array<() => void> = [];
    const giveWay = () => new Promise<void>((resolve) => turns.push(resolve));
    const sending = sendDueMessages({ outbox: messageOutbox(service), deliver, batch: 20, giveWay });
    for (let sent = 1; sent <= 3; sent++) {
      await vi.waitFor(() => expect(turns.length).toBeGreaterThan(0));
      expect(delivered).toHaveLength(sent - 1);
      turns.shift()!();
      await vi.waitFor(() => expect(delivered).toHaveLength(sent));
    }
    for (const turn of turns) turn();
    expect(await sending).toMatchObject({ sent: 3 });
    expect(delivered.map((message) => message.kind).sort()).toEqual(["booking_confirmed", "booking_received", "booking_rescheduled"]);
  });
});

describe("who may read and call the outbox", () => {
  it("lets a customer read none of it and call none of it, not even about their own booking", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    const read = await customer.client.from("message_outbox").select("id");
    expect(read).toMatchObject({ data: [], error: null });
    const [row] = await stored();
    const calls = [
      customer.client.rpc("enqueue_booking_message", { p_booking_id: id, p_kind: "booking_received", p_facts: {} }),
      customer.client.rpc("claim_due_messages", { p_limit: 10, p_lease_seconds: 60 }),
      customer.client.rpc("mark_messages_sent", { p_ids: [row!.id], p_provider_message_ids: ["forged"] }),
      customer.client.rpc("mark_message_failed", { p_id: row!.id, p_error: "forged" }),
      customer.client.rpc("resend_message", { p_id: row!.id }),
      admin.client.rpc("claim_due_messages", { p_limit: 10, p_lease_seconds: 60 }),
    ];
    for (const { error } of await Promise.all(calls)) expect(error).toMatchObject({ code: "42501" });
    const written = await customer.client.from("message_outbox").update({ status: "sent" }).eq("id", row!.id).select("id");
    expect(written.error).toMatchObject({ code: "42501" });
    expect(await stored()).toMatchObject([{ status: "queued", attempts: 0 }]);
  });

  it("lets staff read messages, and an admin send again a failed one, and only a failed one", async () => {
    const { id } = await booking();
    await enqueue(id, "booking_received");
    await enqueue(id, "booking_confirmed");
    await send(scripted({ kind: "refused", permanent: true, response: "550 no such user" }, SENT).deliver);
    const [failed, sent] = await stored();
    expect([failed!.status, sent!.status]).toEqual(["failed", "sent"]);

    for (const staff of [admin, moderator]) expect((await staff.client.from("message_outbox").select("id, status").order("id")).data).toHaveLength(2);
    expect((await moderator.client.rpc("resend_message", { p_id: failed!.id })).error).toMatchObject({ code: "42501" });
    expect((await admin.client.rpc("resend_message", { p_id: sent!.id })).error).toMatchObject({
      code: "55000",
      message: "Only a failed message can be sent again",
    });
    expect((await admin.client.rpc("resend_message", { p_id: 987654321 })).error).toMatchObject({ code: "P0002" });

    const again = await admin.client.rpc("resend_message", { p_id: failed!.id });
    expect(again).toMatchObject({ error: null, data: { status: "queued", attempts: 0 } });
    expect((await admin.client.rpc("resend_message", { p_id: failed!.id })).error).toMatchObject({ code: "55000" });
    const { delivered, deliver } = scripted(SENT);
    expect(await send(deliver)).toMatchObject({ sent: 1 });
    expect(delivered.map((message) => message.id)).toEqual([failed!.id]);
    expect(await stored("id = $1", [failed!.id])).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
});

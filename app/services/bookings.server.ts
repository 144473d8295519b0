import { bookingInsertRow, type BookingRequest, type BookingRow } from "~/domain/booking";
import { isBookingFinished } from "~/domain/booking-status";
import { CHECKOUT_LIFETIME_SECONDS, capacityRefusalOf, firstFittingSlot, type CapacityRefusal } from "~/domain/capacity";
import { estimateBooking } from "~/domain/pricing";
import { moveStartRulesOf } from "~/domain/company-settings";
import { moveStartFacts, readWorkingHours, slotsOfDay, type MoveStartFacts } from "./capacity.server";
import type { PayingVisitor } from "./paying-browser.server";
import { loadCompanySettings } from "./settings.server";
import type { AppSupabaseClient } from "./supabase.server";

/** The database could not be reached or refused a write the server made: not something a customer can fix. */
export class BookingStoreError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : String(cause)}`, { cause });
    this.name = "BookingStoreError";
  }
}

/**
 * What saving a booking at Pay came to: saved, or refused because no crew can take the move at the
 * time asked (the slot was taken meanwhile, say by another customer who paid for the last crew first,
 * or no slot of the day fits it for 'No preferred time'), the day is closed, or no move may start then.
 * A refused save stored nothing; the customer chooses another time or day.
 */
export type PendingBookingSave = { kind: "saved"; booking: BookingRow } | CapacityRefusal;

/** How often 'No preferred time' looks for another slot when the one it found is taken meanwhile. */
const FLEXIBLE_ATTEMPTS = 3;

/**
 * Stores a complete booking request as a pending booking with its deposit unpaid, priced here from the
 * pricing module (never from a figure the browser sent). Saving the same wizard draft again, one call
 * after the other or at the same time, stores nothing new and returns the booking the first call stored.
 * A booking keeps the owner it was saved for (the draft's): saving it for anyone else is refused.
 *
 * The booking holds a crew from its slot for its estimated hours while its customer pays: for the
 * checkout's lifetime from this save (CHECKOUT_LIFETIME_SECONDS), less when its Checkout Session
 * expires first. The database checks, in the transaction that saves the row, that a crew is free
 * then; when none is (or the day is closed) nothing is saved and the refusal is returned. A request
 * with no preferred time (`time: null`) is saved at the first slot that fits, and looks again when that
 * one is taken meanwhile, among the starts `facts` allow (the database refuses any other: too soon, or
 * ending after closing, `out-of-hours`).
 * `visitor` names who pressed Pay: the database releases that browser's, address's and email's older
 * unpaid holds beyond their share as this one is taken.
 * Throws RangeError when a counter is outside its limits, BookingStoreError when the database fails.
 */
export async function savePendingBooking(
  serviceRole: AppSupabaseClient,
  { request, userId, draftId, visitor }: SaveArguments,
  facts?: MoveStartFacts,
): Promise<PendingBookingSave> {
  if (request.time !== null) return saveAtTime(serviceRole, { request, userId, draftId, visitor });
  for (let attempt = 1; ; attempt++) {
    const free = await firstFreeSlot(serviceRole, request, draftId, facts);
    if (free.kind !== "free") return free;
    const saved = await saveAtTime(serviceRole, { request: { ...request, time: free.time }, userId, draftId, visitor });
    if (saved.kind !== "slot-taken" || attempt >= FLEXIBLE_ATTEMPTS) return saved;
  }
}

/** The first slot of the request's date with a crew free for its hours, for 'No preferred time'. */
async function firstFreeSlot(
  serviceRole: AppSupabaseClient,
  request: BookingRequest,
  draftId: string,
  facts: MoveStartFacts | undefined,
): Promise<{ kind: "free"; time: string } | CapacityRefusal> {
  // The booking already saved from this draft (a return from Checkout) gives its crew to the new answers.
  const hours = estimateBooking(request).hours;
  const day = await (async () => {
    const settings = facts ? null : await loadCompanySettings(serviceRole);
    const rules = facts ?? (await moveStartFacts(readWorkingHours(serviceRole), moveStartRulesOf(settings!), settings!.timeZone));
    return slotsOfDay(serviceRole, { date: request.date, hours, exceptDraft: draftId }, rules);
  })().catch((error: unknown) => {
    throw new BookingStoreError("could not read the free slots of the day", error);
  });
  if (day.state === "closed") return { kind: "day-closed", message: "", reason: day.reason };
  const why = day.slots[0]?.outOfHours;
  if (why && day.slots.every((slot) => slot.outOfHours)) return { kind: "out-of-hours", message: "", why };
  const time = firstFittingSlot(day.slots);
  return time ? { kind: "free", time } : { kind: "slot-taken", message: "" };
}

const holdUntil = () => new Date(Date.now() + CHECKOUT_LIFETIME_SECONDS * 1000).toISOString();

/** The refusal a database error stands for (a crew nobody has, a closed day, a start not offered); any other error is thrown. */
function refusalOrThrow(what: string, error: { code?: string; message?: string; details?: string }): CapacityRefusal {
  const refusal = capacityRefusalOf(error);
  if (refusal) return refusal;
  throw new BookingStoreError(what, error);
}

interface SaveArguments {
  request: BookingRequest;
  userId: string | null;
  draftId: string;
  visitor?: PayingVisitor;
}

async function saveAtTime(serviceRole: AppSupabaseClient, { request, userId, draftId, visitor }: SaveArguments): Promise<PendingBookingSave> {
  const row = {
    ...bookingInsertRow(request, { userId, draftId, estimate: estimateBooking(request) }),
    hold_expires_at: holdUntil(),
    ...(visitor ? { hold_browser: visitor.browser, hold_address: visitor.address } : {}),
  };
  // insert … on conflict (draft_id) do nothing: a concurrent insert of the same draft waits for the
  // first one and then inserts nothing.
  const inserted = await serviceRole.from("bookings").upsert(row, { onConflict: "draft_id", ignoreDuplicates: true }).select("*");
  if (inserted.error) return refusalOrThrow("could not save the booking", inserted.error);
  if (inserted.data[0]) return { kind: "saved", booking: inserted.data[0] };

  const existing = await serviceRole.from("bookings").select("*").eq("draft_id", draftId).single();
  if (existing.error) throw new BookingStoreError("could not read the booking saved from this draft", existing.error);
  if (existing.data.user_id !== userId) throw new BookingStoreError("could not save the booking", "the draft's booking belongs to another account");
  if (isBookingFinished(existing.data)) return { kind: "saved", booking: existing.data };

  // The customer came back before paying (a cancelled checkout) and may have changed their answers:
  // the same booking takes them, priced again, and holds its crew afresh (checked again); a deposit
  // whose Checkout expired or failed is unpaid again. Its owner stays as it is.
  const { draft_id: _draft, status: _status, user_id: _owner, ...answers } = row;
  const updated = await serviceRole
    .from("bookings")
    .update(answers)
    .eq("id", existing.data.id)
    .eq("status", "pending")
    .in("deposit_status", ["unpaid", "expired", "failed"])
    .select("*");
  if (updated.error) return refusalOrThrow("could not update the booking saved from this draft", updated.error);
  return { kind: "saved", booking: updated.data[0] ?? existing.data };
}

/** True when the booking saved from this draft is paid or cancelled (or otherwise under way): the draft is done with. */
export async function isDraftFinished(serviceRole: AppSupabaseClient, draftId: string): Promise<boolean> {
  const { data, error } = await serviceRole.from("bookings").select("status, deposit_status").eq("draft_id", draftId).maybeSingle();
  if (error) throw new BookingStoreError("could not read the booking saved from a draft", error);
  return data !== null && isBookingFinished(data);
}

/** The booking whose deposit the Checkout Session is for, or null when no booking holds that session. */
export async function bookingForCheckoutSession(serviceRole: AppSupabaseClient, sessionId: string): Promise<BookingRow | null> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("stripe_checkout_session_id", sessionId).maybeSingle();
  if (error) throw new BookingStoreError("could not read the booking of a checkout session", error);
  return data;
}

export async function bookingById(serviceRole: AppSupabaseClient, bookingId: string): Promise<BookingRow | null> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).maybeSingle();
  if (error) throw new BookingStoreError("could not read a booking", error);
  return data;
}

import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { BookingRequest } from "../../../app/domain/booking.ts";
import type { BookingRow } from "../../../app/domain/booking.ts";
import { startCheckout } from "../../../app/services/payments.server.ts";
import type { AppSupabaseClient } from "../../../app/services/supabase.server.ts";
import { completeSession, deliveriesSettled, type TestStripe } from "../../../emulators/stripe/testing/index.ts";
import { TEST_PUBLIC_URL } from "./app-harness.ts";
import { sampleBookingRequest } from "./booking-request.ts";
import { savedBooking } from "./saved-booking.ts";

/** Who books, and what they book (the sample request's other answers stand). */
export interface Payer {
  userId: string | null;
  email: string;
  request?: Partial<BookingRequest>;
}

async function stored(serviceRole: AppSupabaseClient, bookingId: string): Promise<BookingRow> {
  const { data, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).single();
  if (error) throw error;
  return data;
}

/**
 * A booking saved at Pay, with its Checkout Session paid on the embedded Stripe's page; Stripe's
 * webhook may still be on its way to the app.
 */
export async function payOnStripe(testStripe: TestStripe, serviceRole: AppSupabaseClient, payer: Payer): Promise<{ booking: BookingRow; sessionId: string }> {
  const booking = await savedBooking(serviceRole, {
    request: sampleBookingRequest({ ...payer.request, email: payer.email }),
    userId: payer.userId,
    draftId: randomUUID(),
  });
  const checkout = await startCheckout(testStripe.stripe, serviceRole, booking, { publicUrl: TEST_PUBLIC_URL, idempotencyKey: `pay-${randomUUID()}` });
  expect(checkout).toMatchObject({ url: expect.any(String) });
  const sessionId = (await stored(serviceRole, booking.id)).stripe_checkout_session_id!;
  expect((await completeSession(testStripe.emulator!, sessionId)).status).toBe(303);
  return { booking, sessionId };
}

/** A booking whose $50 deposit was paid on the embedded Stripe's page and fulfilled by its webhook. */
export async function paidBooking(testStripe: TestStripe, serviceRole: AppSupabaseClient, payer: Payer): Promise<BookingRow> {
  const { booking } = await payOnStripe(testStripe, serviceRole, payer);
  await deliveriesSettled(testStripe.emulator!);
  const paid = await stored(serviceRole, booking.id);
  expect(paid.deposit_status).toBe("paid");
  return paid;
}

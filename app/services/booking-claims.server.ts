import { createHmac, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, servicesContext } from "~/context";
import type { AppSupabaseClient } from "~/services/supabase.server";

// A guest who paid may make an account, or sign in to theirs, and find the booking in it. Typing the
// booking's email is no proof (anyone can type anyone's address), nor is the payment page's link (it
// can be forwarded, or read from a history or a log); having pressed Pay in this browser is. The page,
// in that browser, links to sign up with a signed claim for the booking, valid for an hour after the
// payment; the sign-up and sign-in forms send it back, and the booking joins that account if it still
// has no owner, so a claim works once. Taking the account back by the password reset link is proof
// too: then every guest booking made with that address joins the account.

/** How long after a payment its claim is offered and accepted. */
export const BOOKING_CLAIM_MS = 60 * 60 * 1000;
const PURPOSE = "booking-claim";

function mac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}:${payload}`).digest("base64url");
}

/** "<booking id>.<expiry ms>.<signature>", valid for BOOKING_CLAIM_MS from `from` (the payment). */
export function bookingClaimToken(secret: string, bookingId: string, from = Date.now()): string {
  const payload = `${bookingId}.${from + BOOKING_CLAIM_MS}`;
  return `${payload}.${mac(secret, payload)}`;
}

const tokenSchema = z
  .string()
  .max(200)
  .regex(/^[0-9a-f-]{36}\.\d{13}\.[A-Za-z0-9_-]{43}$/);

/** The booking a claim names, or null when it is malformed, forged or expired. */
export function readBookingClaim(secret: string, token: unknown, now = Date.now()): string | null {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const [bookingId = "", expiry = "", signature = ""] = parsed.data.split(".");
  const expected = Buffer.from(mac(secret, `${bookingId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expiry) <= now) return null;
  return z.uuid().safeParse(bookingId).success ? bookingId : null;
}

/** After a sign-up or sign-in whose form carried a claim: the guest booking joins the account. True when it did. */
export async function claimGuestBooking(context: Readonly<RouterContextProvider>, token: unknown, userId: string): Promise<boolean> {
  if (token === null || token === undefined || token === "") return false;
  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const bookingId = readBookingClaim(services.cookieSecret, token);
  if (!bookingId) {
    logger.warn("a booking claim was malformed, forged or expired");
    return false;
  }
  const { data, error } = await services.serviceRole.rpc("claim_guest_booking", { _booking_id: bookingId, _user_id: userId });
  if (error) {
    logger.error({ err: error, bookingId }, "a guest booking could not join its account");
    return false;
  }
  return data === true;
}

/**
 * Right after the reset link's new password is saved, and only then: every guest booking made with
 * the account's address joins it. The database checks the proof from the customer's own session (a
 * session started by the emailed link, and the account's only one: the new password ended the
 * others, the first sign-up's included). How many joined; a refusal or failure is logged and joins none.
 */
export async function claimGuestBookingsAfterPasswordReset(context: Readonly<RouterContextProvider>, supabase: AppSupabaseClient): Promise<number> {
  const { data, error } = await supabase.rpc("claim_guest_bookings_after_password_reset");
  if (error) {
    context.get(requestContext).logger.error({ err: error }, "guest bookings could not join the account after its password reset");
    return 0;
  }
  return data;
}

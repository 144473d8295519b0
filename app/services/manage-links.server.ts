import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { BookingRow } from "~/domain/booking";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { manageLinkPath, manageLinkExpiresAt } from "~/domain/manage-link";
import { BookingStoreError } from "./bookings.server";
import type { AppSupabaseClient } from "./supabase.server";

// The 'Manage your booking' link of the booking's emails opens that booking alone, for guests too,
// without signing in: whoever holds the email holds the link. Its token is the booking's id signed
// with the app's secret together with the booking's email, so a link stops working when the office
// changes the address it was sent to, and names no other booking. It is read here with the service
// role (there is no user), for that booking id and email only. Links travel as a `token` query
// parameter, which the request log redacts and the page-view counts drop.

const PURPOSE = "manage-booking";

function mac(secret: string, bookingId: string, email: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}:${bookingId}:${email.trim().toLowerCase()}`).digest("base64url");
}

/** "<booking id>.<signature>". */
export function manageBookingToken(secret: string, booking: Pick<BookingRow, "id" | "email">): string {
  return `${booking.id}.${mac(secret, booking.id, booking.email)}`;
}

/** The link as emailed, under `publicUrl`. */
export function manageBookingUrl(publicUrl: string, secret: string, booking: Pick<BookingRow, "id" | "email">): string {
  return `${publicUrl}${manageLinkPath(manageBookingToken(secret, booking))}`;
}

const tokenSchema = z
  .string()
  .max(100)
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

/**
 * The booking a manage token opens, or `not-found` when the token is malformed or forged, names no
 * booking, was made for another email than the booking's, or has expired (manageLinkExpiresAt).
 * Throws BookingStoreError when the database fails.
 */
export async function bookingForManageToken(
  serviceRole: AppSupabaseClient,
  { secret, timeZone }: { secret: string; timeZone: string },
  token: unknown,
  now = new Date(),
): Promise<Lookup<{ booking: BookingRow }>> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return NOT_FOUND;
  const [bookingId = "", signature = ""] = parsed.data.split(".");
  if (!z.uuid().safeParse(bookingId).success) return NOT_FOUND;
  const { data: booking, error } = await serviceRole.from("bookings").select("*").eq("id", bookingId).maybeSingle();
  if (error) throw new BookingStoreError("could not read the booking of a manage link", error);
  if (!booking) return NOT_FOUND;
  const expected = Buffer.from(mac(secret, booking.id, booking.email));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return NOT_FOUND;
  if (now >= manageLinkExpiresAt(booking, timeZone)) return NOT_FOUND;
  return { kind: "found", booking };
}

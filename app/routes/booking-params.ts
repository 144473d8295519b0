import { data, href } from "react-router";
import { z } from "zod";

// What the pages of one booking (the customer's and the office's) read from their URL and form.

/** No booking with this id, or not one the visitor may see: the layout's 404 page. */
export const bookingNotFound = () => data(null, { status: 404 });

/** The booking id of the URL; anything but a UUID is thrown as the 404 page before a query is made. */
export function bookingIdParam(params: { bookingId?: string }): string {
  // Its schema made here, not at the module's top: the pages' browser code imports this module for
  // its paths alone, and a schema made on loading would bring Zod along.
  const parsed = z.uuid().safeParse(params.bookingId);
  if (!parsed.success) throw bookingNotFound();
  return parsed.data;
}

/** The office's page of one booking. */
export const adminBookingPath = (bookingId: string) => href("/admin/bookings/:bookingId", { bookingId });

/** The customer's page of one of their bookings. */
export const customerBookingPath = (bookingId: string) => href("/dashboard/bookings/:bookingId", { bookingId });

/** The address of a receipt of one of the customer's own bookings. */
export const customerReceiptPath = (bookingId: string, receiptId: string) =>
  href("/dashboard/bookings/:bookingId/receipts/:receiptId", { bookingId, receiptId });

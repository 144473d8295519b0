import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, sessionContext } from "~/context";
import { SET_BOOKING_STATUS_INTENT, type AdminBookingRow } from "~/domain/admin-booking-row";
import { bookingsFilter, parseAdminBookingsQuery, type AdminBookingScope, type AdminBookingsQuery } from "~/domain/admin-bookings-query";
import { BOOKING_STATUSES, bookingStatusLabel } from "~/domain/booking-status";
import { ensurePermission } from "~/middleware/guards.server";
import { changeBookingStatus, listBookings } from "~/services/admin-bookings.server";
import { readFormBody } from "~/services/form-body.server";
import { setToast } from "~/services/toast.server";

// What every page showing the admin bookings table does over HTTP: load a page of it from the URL,
// and take the status form each row posts to the page.

export interface BookingsTableData {
  scope: AdminBookingScope;
  query: AdminBookingsQuery;
  rows: AdminBookingRow[];
  total: number;
  failed: boolean;
}

/** A page of the table for the URL's search params; when the database fails the page still renders, saying so. */
export async function loadBookingsTable(request: Request, context: Readonly<RouterContextProvider>, scope: AdminBookingScope): Promise<BookingsTableData> {
  const query = parseAdminBookingsQuery(new URL(request.url).searchParams);
  const listed = await listBookings(context.get(sessionContext).supabase, bookingsFilter(scope, query), query);
  if (!listed) context.get(requestContext).logger.error({ scope }, "could not list bookings for the admin table");
  return { scope, query, rows: listed?.rows ?? [], total: listed?.total ?? 0, failed: listed === null };
}

export const STATUS_MESSAGES = {
  updated: "Status Updated",
  changedTo: (status: string) => `Booking status changed to ${bookingStatusLabel(status).toLowerCase()}`,
  failed: "Failed to update booking status.",
  notFound: "That booking no longer exists.",
  noCrew: "No crew is free for this move",
  noCrewDescription: "Every crew is out at its time, or its day is closed. Move it to another date or time first.",
} as const;

const statusChangeSchema = z.object({
  intent: z.literal(SET_BOOKING_STATUS_INTENT),
  bookingId: z.string().uuid(),
  status: z.enum(BOOKING_STATUSES),
});

/**
 * A row's status form: only staff who may change statuses, through the database's set_booking_status
 * (which checks again and writes the history row). Back to the same page, filters kept, with a toast.
 */
export async function bookingStatusAction(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  await ensurePermission(request, context, "bookings:status");
  const parsed = statusChangeSchema.safeParse(Object.fromEntries(await readFormBody(request)));
  if (!parsed.success) throw data("Choose a booking and one of its statuses.", { status: 400 });
  const { bookingId, status } = parsed.data;
  const result = await changeBookingStatus(context.get(sessionContext).supabase, bookingId, status);
  if (result === "changed") {
    await setToast(context, { type: "success", title: STATUS_MESSAGES.updated, description: STATUS_MESSAGES.changedTo(status) });
  } else if (result === "no-crew") {
    await setToast(context, { type: "error", title: STATUS_MESSAGES.noCrew, description: STATUS_MESSAGES.noCrewDescription });
  } else {
    if (result === "failed") context.get(requestContext).logger.error({ bookingId, status }, "could not change a booking's status");
    await setToast(context, { type: "error", title: result === "not-found" ? STATUS_MESSAGES.notFound : STATUS_MESSAGES.failed });
  }
  return redirect(samePage(request));
}

/** The page the form was posted from, as React Router addresses it without its `index` marker. */
function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

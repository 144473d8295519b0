import { companyDay } from "~/services/company-day.server";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, sessionContext } from "~/context";
import { SET_BOOKING_STATUS_INTENT, type AdminBookingRow } from "~/domain/admin-booking-row";
import { BULK_STATUS_MESSAGES, MAX_BULK_BOOKINGS, SET_BOOKING_STATUSES_INTENT, bulkStatusSummary, type BulkStatusOutcome } from "~/domain/admin-bulk-status";
import { bookingsFilter, moveDateRange, parseAdminBookingsQuery, type AdminBookingScope, type AdminBookingsQuery } from "~/domain/admin-bookings-query";
import { addDays } from "~/domain/company-time";
import { BOOKING_STATUSES, bookingStatusLabel } from "~/domain/booking-status";
import { hasPermission } from "~/domain/permissions";
import { isCalendarDate } from "~/domain/calendar-date";
import { type OverviewDay } from "~/domain/schedule";
import { ensurePermission } from "~/middleware/guards.server";
import { changeBookingStatus, listBookings } from "~/services/admin-bookings.server";
import { readFormBody } from "~/services/form-body.server";
import { scheduleOverview } from "~/services/schedule.server";
import { setToast } from "~/services/toast.server";

// What every page showing the admin bookings table does over HTTP: load a page of it from the URL,
// and take the status form each row posts to the page.

export interface BookingsTableData {
  scope: AdminBookingScope;
  query: AdminBookingsQuery;
  rows: AdminBookingRow[];
  total: number;
  failed: boolean;
  /** The crews of each move date on the page (and of each day the Move date filter covers), when the reader may read the schedule. */
  crewsByDay: Record<string, OverviewDay>;
  /** With the Move date filter on: its days, in order. */
  moveDays: string[];
  /** When the rows were read (ISO 8601), the instant abandoned checkouts are judged at. */
  listedAt: string;
}

/**
 * A page of the table for the URL's search params (the Move date filter from the company's today),
 * with the crews used and available on each of its move dates; when the database fails the page
 * still renders, saying so (without the crews, when only they failed).
 */
export async function loadBookingsTable(request: Request, context: Readonly<RouterContextProvider>, scope: AdminBookingScope): Promise<BookingsTableData> {
  await ensurePermission(request, context, "bookings:read");
  const query = parseAdminBookingsQuery(new URL(request.url).searchParams);
  const { today } = await companyDay(context);
  const listedAt = new Date().toISOString();
  const { supabase, roles } = context.get(sessionContext);
  const moveDays = query.move ? daysBetween(moveDateRange(query.move, today)) : [];
  const [listed, mayReadSchedule] = await Promise.all([
    listBookings(supabase, bookingsFilter(scope, query, { today }), query),
    roles().then((held) => hasPermission(held, "schedule:read")),
  ]);
  const { logger } = context.get(requestContext);
  if (listed.kind === "failed") logger.error({ err: listed.cause, scope }, "could not list bookings for the admin table");
  const { rows, total } = listed.kind === "listed" ? listed : { rows: [], total: 0 };
  const days = [...new Set([...moveDays, ...rows.map((row) => row.moving_date)])].filter(isCalendarDate);
  const crews = mayReadSchedule
    ? await scheduleOverview(supabase, days).catch((error: unknown) => {
        logger.error({ err: error }, "could not read the crews of the bookings table's days");
        return [];
      })
    : [];
  return {
    scope,
    query,
    rows,
    total,
    failed: listed.kind === "failed",
    crewsByDay: Object.fromEntries(crews.map((day) => [day.date, day])),
    moveDays,
    listedAt,
  };
}

/** Every date from `from` to `to`, inclusive (a week at most here). */
function daysBetween({ from, to }: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const STATUS_MESSAGES = {
  updated: "Status Updated",
  // In the words the status badges use: "In progress", not the stored "in_progress".
  changedTo: (status: string) => `Booking status changed to ${bookingStatusLabel(status)}`,
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

const bulkStatusChangeSchema = z.object({
  intent: z.literal(SET_BOOKING_STATUSES_INTENT),
  // Each ticked row sends its id; a crafted form may repeat one, which changes it once.
  bookingIds: z
    .array(z.string().uuid())
    .max(MAX_BULK_BOOKINGS)
    .transform((ids) => [...new Set(ids)]),
  status: z.enum(BOOKING_STATUSES),
});

/**
 * The table's two status forms, for staff who may change statuses, through the database's
 * set_booking_status (which checks again and writes each booking's history row): a row's own, or
 * the bulk form with the ticked rows. Back to the same page, filters kept, with a toast.
 */
export async function bookingStatusAction(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  await ensurePermission(request, context, "bookings:status");
  const form = await readFormBody(request);
  if (form.get("intent") === SET_BOOKING_STATUSES_INTENT) return bulkStatusChange(request, context, form);
  const parsed = statusChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data("Choose a booking and one of its statuses.", { status: 400 });
  const { bookingId, status } = parsed.data;
  const result = await changeBookingStatus(context.get(sessionContext).supabase, bookingId, status);
  switch (result.kind) {
    case "changed":
      await setToast(context, { type: "success", title: STATUS_MESSAGES.updated, description: STATUS_MESSAGES.changedTo(status) });
      break;
    case "no-crew":
      await setToast(context, { type: "error", title: STATUS_MESSAGES.noCrew, description: STATUS_MESSAGES.noCrewDescription });
      break;
    case "not-found":
      await setToast(context, { type: "error", title: STATUS_MESSAGES.notFound });
      break;
    case "failed":
      context.get(requestContext).logger.error({ err: result.cause, bookingId, status }, "could not change a booking's status");
      await setToast(context, { type: "error", title: STATUS_MESSAGES.failed });
      break;
    case "forbidden":
      await setToast(context, { type: "error", title: STATUS_MESSAGES.failed });
      break;
    default:
      result satisfies never;
  }
  return redirect(samePage(request));
}

/** The bulk form: each ticked booking changed on its own, in turn, and one toast saying how it went. */
async function bulkStatusChange(request: Request, context: Readonly<RouterContextProvider>, form: FormData): Promise<Response> {
  const parsed = bulkStatusChangeSchema.safeParse({ intent: form.get("intent"), bookingIds: form.getAll("bookingId"), status: form.get("status") });
  if (!parsed.success) throw data(`Tick up to ${MAX_BULK_BOOKINGS} bookings and choose one of the statuses.`, { status: 400 });
  const { bookingIds, status } = parsed.data;
  if (bookingIds.length === 0) {
    await setToast(context, { type: "error", title: BULK_STATUS_MESSAGES.noneChosen, description: BULK_STATUS_MESSAGES.noneChosenDescription });
    return redirect(samePage(request));
  }
  const { supabase } = context.get(sessionContext);
  const { logger } = context.get(requestContext);
  const outcomes: BulkStatusOutcome[] = [];
  for (const bookingId of bookingIds) {
    const result = await changeBookingStatus(supabase, bookingId, status);
    if (result.kind === "failed") logger.error({ err: result.cause, bookingId, status }, "could not change a booking's status");
    outcomes.push(result.kind === "forbidden" ? "failed" : result.kind);
  }
  await setToast(context, bulkStatusSummary(outcomes, status));
  return redirect(samePage(request));
}

/** The page the form was posted from, as React Router addresses it without its `index` marker. */
export function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

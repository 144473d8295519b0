import { companyDay } from "~/services/company-day.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingEditForm, EDIT_INTENT, OVER_CAPACITY_FIELD, type BookingEditResult } from "~/components/admin/booking-edit-form";
import { sessionContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import type { WizardAvailability } from "~/domain/capacity";
import { MONTH_PARAM, SHOW_TIMES_INTENT, monthOf, monthOfIntent, parseMonth } from "~/domain/date-picker-month";
import { bookingHours } from "~/domain/pricing";
import { BOOKING_EDIT_MESSAGES, bookingEditSchema, overCapacityMessage, timeOptions, type CurrentSchedule } from "~/domain/admin-booking-edit";
import { shortBookingId } from "~/domain/booking";
import { centsToDollarsInput } from "~/domain/money";
import { ensurePermission } from "~/middleware/guards.server";
import { loadEditableBooking, updateBookingDetails, type EditableBooking } from "~/services/admin-booking-edit.server";
import { readFormBody } from "~/services/form-body.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/booking-edit";
import { moveCalendar } from "../availability-answer.server";
import { adminBookingPath, bookingIdParam, bookingNotFound } from "../booking-params";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(loaderData ? `Edit booking ${loaderData.shortId} · Admin` : "Edit booking · Admin", matches);

/** The date and time the booking holds now ("10:00:00" is the form's "10:00"). */
const currentSchedule = (row: { moving_date: string; moving_time: string | null }): CurrentSchedule => ({
  date: row.moving_date,
  time: row.moving_time?.slice(0, 5) ?? null,
});

/**
 * The calendar of the booking's move (its hours): `month`'s days and `date`'s start times, the
 * booking's own crew left out, judged for the staff member's own client.
 */
function bookingCalendar(
  context: Route.LoaderArgs["context"],
  row: EditableBooking,
  { today, month, date }: { today: string; month: string | null; date: string | undefined },
): Promise<WizardAvailability> {
  const client = context.get(sessionContext).supabase;
  return moveCalendar(context, { client, today, month, date, hours: bookingHours(row), leftOut: { exceptBooking: row.id }, by: "office" });
}

/** The edit form, for staff who may change bookings (others get the 403 page), with the calendar at the booking's date (or `?month=`). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:write");
  const found = await loadEditableBooking(context.get(sessionContext).supabase, bookingIdParam(params));
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  const { today } = await companyDay(context);
  const month = parseMonth(new URL(request.url).searchParams.get(MONTH_PARAM));
  return {
    id: row.id,
    shortId: shortBookingId(row.id),
    today,
    availability: await bookingCalendar(context, row, { today, month, date: row.moving_date }),
    timeOptions: timeOptions(currentSchedule(row)),
    defaults: {
      date: row.moving_date,
      time: row.moving_time?.slice(0, 5) ?? "",
      fromAddress: row.moving_from,
      toAddress: row.moving_to,
      specialInstructions: row.special_instructions ?? "",
      finalCost: centsToDollarsInput(row.final_cost_cents),
    },
  };
}

/**
 * Without JavaScript, a month button or 'Show free times' (the form unchecked, nothing saved): the page
 * again with that month, or the typed date's times, and everything typed kept.
 * Else checks the form with the wizard's rules (errors go back beside their fields, with everything
 * typed), then saves it through `update_booking_details`, which records each changed field; back to
 * the booking with a toast. A move to a time with no crew free (or to a closed day) comes back with
 * what was full, everything typed kept (409), unless 'Book it anyway' was ticked: then it is saved
 * and the booking's history says the office overrode the free-time check.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "bookings:write");
  const bookingId = bookingIdParam(params);
  const form = await readFormBody(request);
  const intent = String(form.get("intent") ?? "");
  const calendarMonth = monthOfIntent(intent);
  if (!calendarMonth && intent !== SHOW_TIMES_INTENT) requireIntent(form, EDIT_INTENT);
  const { supabase } = context.get(sessionContext);
  const found = await loadEditableBooking(supabase, bookingId);
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  const { today } = await companyDay(context);
  const schema = bookingEditSchema(today, currentSchedule(row));

  if (calendarMonth || intent === SHOW_TIMES_INTENT) {
    const typedDate = form.get("date");
    const date = typeof typedDate === "string" && isCalendarDate(typedDate) ? typedDate : undefined;
    const availability = await bookingCalendar(context, row, { today, month: calendarMonth ?? (date ? monthOf(date) : null), date });
    const reply: BookingEditResult = { initialValue: parseWithZod(form, { schema }).reply().initialValue, availability };
    return data(reply);
  }

  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const overCapacity = form.get(OVER_CAPACITY_FIELD) === "confirm";
  const result = await updateBookingDetails(supabase, bookingId, submission.value, { overCapacity });
  switch (result.kind) {
    case "over-capacity": {
      // The calendar shows the date asked for, with what was full, for another choice or 'Book it anyway'.
      const reply: BookingEditResult = {
        ...submission.reply({ formErrors: [overCapacityMessage(result.refusal)] }),
        overCapacity: true,
        availability: await bookingCalendar(context, row, { today, month: null, date: submission.value.date }),
      };
      return data(reply, { status: 409 });
    }
    case "not-found":
      throw bookingNotFound();
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
    case "saved":
      await setToast(
        context,
        result.changes > 0
          ? { type: "success", title: BOOKING_EDIT_MESSAGES.saved, description: BOOKING_EDIT_MESSAGES.savedDescription(result.changes) }
          : { type: "info", title: BOOKING_EDIT_MESSAGES.unchanged, description: BOOKING_EDIT_MESSAGES.unchangedDescription },
      );
      return redirect(adminBookingPath(bookingId));
    default:
      return result satisfies never;
  }
}

export default function AdminBookingEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeading
        title={`Edit booking ${loaderData.shortId}`}
        description="Date, time, addresses, instructions and final cost. Only free days and times are offered unless you book it anyway. Each change is kept in the booking's history."
      />
      <BookingEditForm
        defaults={loaderData.defaults}
        timeOptions={loaderData.timeOptions}
        today={loaderData.today}
        availability={loaderData.availability}
        availabilityEndpoint={href("/admin/bookings/:bookingId/availability", { bookingId: loaderData.id })}
        lastResult={actionData as BookingEditResult | undefined}
        cancelTo={adminBookingPath(loaderData.id)}
      />
    </div>
  );
}

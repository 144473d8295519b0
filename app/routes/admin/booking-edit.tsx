import { companyDay } from "~/services/company-day.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingEditForm, EDIT_INTENT, OVER_CAPACITY_FIELD, type BookingEditResult } from "~/components/admin/booking-edit-form";
import { sessionContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import type { WizardAvailability } from "~/domain/capacity";
import { MONTH_PARAM, SHOW_TIMES_INTENT, monthOf, monthOfIntent, parseMonth } from "~/domain/date-picker-month";
import {
  BOOKING_EDIT_MESSAGES,
  SHOWN_ESTIMATE_FIELD,
  SHOW_PRICE_INTENT,
  bookingEditSchema,
  overCapacityMessage,
  savedDescription,
  timeOptions,
  type KeptDetails,
} from "~/domain/admin-booking-edit";
import { shortBookingId } from "~/domain/booking";
import { hoursForSize, pricedChoicesFromForm, pricedChoicesOf, repricing, type PricedBooking } from "~/domain/booking-repricing";
import { adjustCounter, counterAdjustment } from "~/domain/booking-wizard";
import { centsToDollarsInput } from "~/domain/money";
import { isPropertySize, type PropertySize } from "~/domain/pricing";
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

/** What the booking holds now that the form may keep though the wizard would refuse it ("10:00:00" is the form's "10:00"). */
const keptDetails = (row: EditableBooking): KeptDetails => ({
  date: row.moving_date,
  time: row.moving_time?.slice(0, 5) ?? null,
  email: row.email,
  phone: row.phone,
  propertySize: isPropertySize(row.property_size) ? row.property_size : null,
});

/** What the booking is priced by now, with its estimate: what a new price is told against. */
const pricedBooking = (row: EditableBooking): PricedBooking => ({
  team_type: row.team_type,
  service_type: row.service_type,
  property_size: row.property_size,
  packing_service: row.packing_service,
  storage_service: row.storage_service,
  cleaning_service: row.cleaning_service,
  extra_movers: row.extra_movers,
  tv_mounting: row.tv_mounting,
  deep_cleaning_bedrooms: row.deep_cleaning_bedrooms,
  estimated_cost_cents: row.estimated_cost_cents,
  estimated_hours: row.estimated_hours,
});

/**
 * The calendar of the booking's move for a home of `size` (its own hours while the size stays):
 * `month`'s days and `date`'s start times, the booking's own crew left out, judged for the staff
 * member's own client.
 */
function bookingCalendar(
  context: Route.LoaderArgs["context"],
  row: EditableBooking,
  { today, month, date, size }: { today: string; month: string | null; date: string | undefined; size: PropertySize | null },
): Promise<WizardAvailability> {
  const client = context.get(sessionContext).supabase;
  return moveCalendar(context, { client, today, month, date, hours: hoursForSize(row, size), leftOut: { exceptBooking: row.id }, by: "office" });
}

/** The edit form, for staff who may change bookings (others get the 403 page), with the calendar at the booking's date (or `?month=`). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:write");
  const found = await loadEditableBooking(context.get(sessionContext).supabase, bookingIdParam(params));
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  const kept = keptDetails(row);
  const { today } = await companyDay(context);
  const month = parseMonth(new URL(request.url).searchParams.get(MONTH_PARAM));
  return {
    id: row.id,
    shortId: shortBookingId(row.id),
    today,
    availability: await bookingCalendar(context, row, { today, month, date: row.moving_date, size: kept.propertySize }),
    timeOptions: timeOptions(kept),
    kept,
    booked: pricedBooking(row),
    defaults: {
      fullName: row.full_name,
      email: row.email,
      phone: row.phone,
      date: row.moving_date,
      time: kept.time ?? "",
      fromAddress: row.moving_from,
      toAddress: row.moving_to,
      propertySize: kept.propertySize ?? "",
      teamType: row.team_type,
      serviceType: row.service_type,
      packingService: row.packing_service,
      storageService: row.storage_service,
      cleaningService: row.cleaning_service,
      extraMovers: row.extra_movers,
      tvMounting: row.tv_mounting,
      deepCleaningBedrooms: row.deep_cleaning_bedrooms,
      specialInstructions: row.special_instructions ?? "",
      finalCost: centsToDollarsInput(row.final_cost_cents),
    },
  };
}

/**
 * Without JavaScript, a month button, 'Show free times', 'Show the new price' or a counter's − or +
 * (the form unchecked, nothing saved): the page again with that month, or the typed date's times for
 * the typed size of home, the count moved, and everything typed kept; the page prices what was typed.
 * Else checks the form with the wizard's rules (errors go back beside their fields, with everything
 * typed), prices the booking again with the wizard's pricing when its team, service, size or add-ons
 * changed, then saves it through `update_booking_details`, which records each changed field; back to
 * the booking with a toast saying what changed. A move to a time with no crew free (or to a closed day,
 * or longer than a crew is free for) comes back with what was full, everything typed kept (409),
 * unless 'Book it anyway' was ticked: then it is saved and the booking's history says the office
 * overrode the free-time check.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "bookings:write");
  const bookingId = bookingIdParam(params);
  const form = await readFormBody(request);
  const intent = String(form.get("intent") ?? "");
  const calendarMonth = monthOfIntent(intent);
  const adjust = counterAdjustment(intent);
  const unchecked = calendarMonth !== null || adjust !== null || intent === SHOW_TIMES_INTENT || intent === SHOW_PRICE_INTENT;
  if (!unchecked) requireIntent(form, EDIT_INTENT);
  const { supabase } = context.get(sessionContext);
  const found = await loadEditableBooking(supabase, bookingId);
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  const { today } = await companyDay(context);
  const schema = bookingEditSchema(today, keptDetails(row));

  if (unchecked) {
    const typed = pricedChoicesFromForm(Object.fromEntries(form), pricedChoicesOf(row));
    if (adjust) form.set(adjust.counter, String(adjustCounter({ [adjust.counter]: typed[adjust.counter] }, adjust.counter, adjust.delta)[adjust.counter]));
    const typedDate = form.get("date");
    const date = typeof typedDate === "string" && isCalendarDate(typedDate) ? typedDate : undefined;
    const availability = await bookingCalendar(context, row, {
      today,
      month: calendarMonth ?? (date ? monthOf(date) : null),
      date,
      size: typed.propertySize,
    });
    const reply: BookingEditResult = { initialValue: parseWithZod(form, { schema }).reply().initialValue, availability };
    return data(reply);
  }

  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const edit = submission.value;
  const price = repricing(row, edit);
  /** Nothing saved: the form again with everything typed, why, and the calendar at the date asked for (409). */
  const sentBack = async (message: string, more: Partial<BookingEditResult> = {}) => {
    const reply: BookingEditResult = {
      ...submission.reply({ formErrors: [message] }),
      ...more,
      availability: await bookingCalendar(context, row, { today, month: null, date: edit.date, size: edit.propertySize }),
    };
    return data(reply, { status: 409 });
  };
  // A new price is saved only once it was shown: without JavaScript, a save straight after a change
  // comes back with the new estimate and the difference, for a second Save.
  if (price && form.get(SHOWN_ESTIMATE_FIELD) !== String(price.estimate.totalCents)) return sentBack(BOOKING_EDIT_MESSAGES.priceNotSeen);

  const overCapacity = form.get(OVER_CAPACITY_FIELD) === "confirm";
  const result = await updateBookingDetails(supabase, bookingId, edit, { overCapacity, repriced: price?.estimate ?? null });
  switch (result.kind) {
    case "over-capacity":
      // The calendar shows the date asked for, with what was full, for another choice or 'Book it anyway'.
      return sentBack(overCapacityMessage(result.refusal), { overCapacity: true });
    case "not-found":
      throw bookingNotFound();
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
    case "saved":
      await setToast(
        context,
        result.changed.length > 0
          ? { type: "success", title: BOOKING_EDIT_MESSAGES.saved, description: savedDescription(result.changed, price) }
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
        description="The customer's contact details, the move, team, service, add-ons, instructions and final cost. A new team, service, size or add-on prices the move again, shown before you save; the deposit paid stays as it is. Only free days and times are offered unless you book it anyway. Each change is kept in the booking's history."
      />
      <BookingEditForm
        defaults={loaderData.defaults}
        kept={loaderData.kept}
        booked={loaderData.booked}
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

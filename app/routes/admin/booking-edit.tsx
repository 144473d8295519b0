import { companyDay } from "~/services/company-day.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { BookingEditForm, EDIT_INTENT, OVER_CAPACITY_FIELD, type BookingEditResult } from "~/components/admin/booking-edit-form";
import { sessionContext } from "~/context";
import {
  BOOKING_EDIT_MESSAGES,
  bookingEditSchema,
  centsToDollarsInput,
  overCapacityMessage,
  timeOptions,
  type CurrentSchedule,
} from "~/domain/admin-booking-edit";
import { shortBookingId } from "~/domain/booking";
import { ensurePermission } from "~/middleware/guards.server";
import { loadEditableBooking, updateBookingDetails } from "~/services/admin-booking-edit.server";
import { readFormBody } from "~/services/form-body.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import type { Route } from "./+types/booking-edit";
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

/** The edit form, for staff who may change bookings (others get the 403 page). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:write");
  const found = await loadEditableBooking(context.get(sessionContext).supabase, bookingIdParam(params));
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  return {
    id: row.id,
    shortId: shortBookingId(row.id),
    today: (await companyDay(context)).today,
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
 * Checks the form with the wizard's rules (errors go back beside their fields, with everything typed),
 * then saves it through `update_booking_details`, which records each changed field; back to the
 * booking with a toast. A move to a time with no crew free (or to a closed day) comes back with what
 * was full and a 'Book over capacity' button, everything typed kept (409); pressed, it is saved
 * anyway and the booking's history says so.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await ensurePermission(request, context, "bookings:write");
  const bookingId = bookingIdParam(params);
  const form = await readFormBody(request);
  requireIntent(form, EDIT_INTENT);
  const { supabase } = context.get(sessionContext);
  const found = await loadEditableBooking(supabase, bookingId);
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;

  const submission = parseWithZod(form, { schema: bookingEditSchema((await companyDay(context)).today, currentSchedule(row)) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const overCapacity = form.get(OVER_CAPACITY_FIELD) === "confirm";
  const result = await updateBookingDetails(supabase, bookingId, submission.value, { overCapacity });
  switch (result.kind) {
    case "over-capacity": {
      const reply: BookingEditResult = { ...submission.reply({ formErrors: [overCapacityMessage(result.refusal)] }), overCapacity: true };
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
        description="Date, time, addresses, instructions and final cost. Each change is kept in the booking's history."
      />
      <BookingEditForm
        defaults={loaderData.defaults}
        timeOptions={loaderData.timeOptions}
        today={loaderData.today}
        lastResult={actionData as BookingEditResult | undefined}
        cancelTo={adminBookingPath(loaderData.id)}
      />
    </div>
  );
}

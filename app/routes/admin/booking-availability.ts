import { sessionContext } from "~/context";
import { hoursForSize } from "~/domain/booking-repricing";
import { AVAILABILITY_QUERY } from "~/domain/date-picker-month";
import { isPropertySize } from "~/domain/pricing";
import { ensurePermission } from "~/middleware/guards.server";
import { loadEditableBooking } from "~/services/admin-booking-edit.server";
import type { Route } from "./+types/booking-availability";
import { availabilityAnswer, availabilityQuestion, badAvailabilityQuestion } from "../availability-answer.server";
import { bookingIdParam, bookingNotFound } from "../booking-params";

/**
 * The edit form's calendar with JavaScript: the month's days and the chosen date's start times for
 * this booking's move (its own hours, or those of the home size the form now has, `size`), its own
 * crew left out, judged by the database for the staff member's own client. Only staff who may edit
 * the booking ask (403 otherwise); an unknown booking is a 404 and a malformed query a 400.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:write");
  const bookingId = bookingIdParam(params);
  const url = new URL(request.url);
  const question = availabilityQuestion(url);
  const size = url.searchParams.get(AVAILABILITY_QUERY.size) || null;
  if (!question || (size !== null && !isPropertySize(size))) return badAvailabilityQuestion();
  const client = context.get(sessionContext).supabase;
  const found = await loadEditableBooking(client, bookingId);
  if (found.kind === "not-found") throw bookingNotFound();
  return availabilityAnswer(context, { client, ...question, hours: hoursForSize(found.booking, size), leftOut: { exceptBooking: bookingId }, by: "office" });
}

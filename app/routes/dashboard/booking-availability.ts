import { sessionContext, userContext } from "~/context";
import { bookingHours } from "~/domain/pricing";
import { customersBooking } from "~/services/booking-details.server";
import { availabilityAnswer, availabilityQuestion, badAvailabilityQuestion } from "../availability-answer.server";
import { bookingIdParam, bookingNotFound } from "../booking-params";
import type { Route } from "./+types/booking-availability";

/**
 * The reschedule calendar's free days and times with JavaScript, for one of the customer's own
 * bookings: for its move's hours, its own crew left out. Another customer's booking is a 404; a
 * malformed query a 400.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bookingId = bookingIdParam(params);
  const question = availabilityQuestion(new URL(request.url));
  if (!question) return badAvailabilityQuestion();
  const { supabase } = context.get(sessionContext);
  const row = await customersBooking(supabase, { bookingId, userId: context.get(userContext).id });
  if (!row) throw bookingNotFound();
  return availabilityAnswer(context, { client: supabase, ...question, hours: bookingHours(row), leftOut: { exceptBooking: row.id } });
}

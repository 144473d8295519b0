import { servicesContext } from "~/context";
import { bookingHours } from "~/domain/pricing";
import { availabilityAnswer, availabilityQuestion, badAvailabilityQuestion } from "../availability-answer.server";
import { linkedBooking } from "./manage-link.server";
import type { Route } from "./+types/manage-availability";

/**
 * The reschedule calendar's free days and times with JavaScript, for the booking a manage link opens:
 * for its move's hours, its own crew left out. A link that opens no booking is a 404; a malformed
 * query a 400.
 */
export async function loader(args: Route.LoaderArgs) {
  const question = availabilityQuestion(new URL(args.request.url));
  if (!question) return badAvailabilityQuestion();
  const { booking } = await linkedBooking(args);
  const { serviceRole } = args.context.get(servicesContext);
  return availabilityAnswer(args.context, { client: serviceRole, ...question, hours: bookingHours(booking), leftOut: { exceptBooking: booking.id } });
}

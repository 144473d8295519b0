import { requestContext, servicesContext, settingsContext } from "~/context";
import { bookingForCheckoutSession } from "~/services/bookings.server";
import { manageBookingUrl } from "~/services/manage-links.server";
import { paidBookingViewer } from "~/services/paying-browser.server";
import { moveCalendarResponse, plainCalendarAnswer as plain } from "../move-calendar-response";
import type { Route } from "./+types/move-calendar";

/**
 * The paid move as an iCalendar file, linked from the payment page: the Checkout Session id that
 * page was opened with names it, for the booking's owner or the browser that paid, as on that page.
 * Unpaid, cancelled, unknown or anyone else's: 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId || sessionId.length > 255) return plain("Not found", 404);
  const services = context.get(servicesContext);
  let booking;
  try {
    booking = await bookingForCheckoutSession(services.serviceRole, sessionId);
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "could not read the booking for its calendar file");
    return plain("The calendar file could not be made. Please try again.", 502);
  }
  if (!booking || booking.deposit_status !== "paid" || booking.status === "cancelled") return plain("Not found", 404);
  // It names the customer's addresses: only for the booking's owner, or the browser that paid for it.
  if ((await paidBookingViewer(request, context, booking)).kind === "stranger") return plain("Not found", 404);

  const settings = await context.get(settingsContext)();
  // The browser that paid may manage the booking as its emails let it.
  const manageUrl = manageBookingUrl(services.publicUrl, services.cookieSecret, booking);
  return moveCalendarResponse(booking, { settings, publicUrl: services.publicUrl, manageUrl });
}

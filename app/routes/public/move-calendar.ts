import { requestContext, servicesContext, settingsContext } from "~/context";
import { COMPANY } from "~/domain/company";
import { estimatedHours, isPropertySize } from "~/domain/pricing";
import { bookingForCheckoutSession } from "~/services/bookings.server";
import { bookingCalendarFile } from "~/services/calendar-file.server";
import { paidBookingViewer } from "~/services/paying-browser.server";
import type { Route } from "./+types/move-calendar";

const plain = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

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
  const file = bookingCalendarFile(
    {
      bookingId: booking.id,
      // Bookings carry no version yet: the first one, until a change of time makes the next.
      version: 0,
      movingDate: booking.moving_date,
      movingTime: booking.moving_time ? booking.moving_time.slice(0, 5) : null,
      estimatedHours: estimatedHours(isPropertySize(booking.property_size) ? booking.property_size : undefined),
      fromAddress: booking.moving_from,
      toAddress: booking.moving_to,
      crewSize: null,
      manageUrl: null,
      cancelled: false,
    },
    { name: settings.companyName, phone: settings.adminPhone, timeZone: COMPANY.timeZone, publicUrl: services.publicUrl },
    new Date(),
  );
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="move-${booking.moving_date}.ics"`,
      // It names the customer's addresses: never kept by browsers or proxies.
      "Cache-Control": "private, no-store",
    },
  });
}

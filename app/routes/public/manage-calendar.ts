import { requestContext, servicesContext, settingsContext } from "~/context";
import { bookingForManageToken, manageBookingUrl } from "~/services/manage-links.server";
import { moveCalendarResponse, plainCalendarAnswer } from "../move-calendar-response";
import type { Route } from "./+types/manage-calendar";

/** The move as a calendar file, for the holder of its manage link; a cancelled, unknown or expired one: 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const services = context.get(servicesContext);
  const settings = await context.get(settingsContext)();
  let found;
  try {
    found = await bookingForManageToken(services.serviceRole, { secret: services.cookieSecret, timeZone: settings.timeZone }, token);
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "could not read the booking for its calendar file");
    return plainCalendarAnswer("The calendar file could not be made. Please try again.", 502);
  }
  if (found.kind === "not-found" || found.booking.status === "cancelled") return plainCalendarAnswer("Not found", 404);
  const { booking } = found;
  return moveCalendarResponse(booking, {
    settings,
    publicUrl: services.publicUrl,
    manageUrl: manageBookingUrl(services.publicUrl, services.cookieSecret, booking),
  });
}

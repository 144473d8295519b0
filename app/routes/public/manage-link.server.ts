import type { RouterContextProvider } from "react-router";
import { servicesContext, settingsContext } from "~/context";
import { bookingForManageToken } from "~/services/manage-links.server";
import { bookingNotFound } from "../booking-params";

/**
 * The booking the request's manage link (`?token=`) opens, or the site's 404 (a malformed, forged or
 * expired link, or one for another booking or email).
 */
export async function linkedBooking({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const services = context.get(servicesContext);
  const settings = await context.get(settingsContext)();
  const found = await bookingForManageToken(services.serviceRole, { secret: services.cookieSecret, timeZone: settings.timeZone }, token);
  if (found.kind === "not-found") throw bookingNotFound();
  return { token, settings, booking: found.booking };
}

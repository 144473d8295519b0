import { addDays, zonedWallTimeToInstant } from "./company-time";

/** Where a booking's emailed 'Manage your booking' link leads; its token travels in the query. */
export const MANAGE_BOOKING_PATH = "/manage";

/** An address of the manage link's pages (the booking's page unless `path` names another), carrying its token. */
export const manageLinkPath = (token: string, path: string = MANAGE_BOOKING_PATH) => `${path}?${new URLSearchParams({ token })}`;

/**
 * A manage link opens its booking until the end of the day after the move, on the company's clock:
 * long enough to find the calendar file or the details on the day, and no longer.
 */
export function manageLinkExpiresAt(movingDate: string, timeZone: string): Date {
  return zonedWallTimeToInstant(addDays(movingDate, 2), "00:00", timeZone);
}

import { addDays, zonedWallTimeToInstant } from "./company-time";

/** Where a booking's emailed 'Manage your booking' link leads; its token travels in the query. */
export const MANAGE_BOOKING_PATH = "/manage";

/** An address of the manage link's pages (the booking's page unless `path` names another), carrying its token. */
export const manageLinkPath = (token: string, path: string = MANAGE_BOOKING_PATH) => `${path}?${new URLSearchParams({ token })}`;

/** The address of one of the booking's receipts, through its manage link. */
export const manageReceiptPath = (token: string, receiptId: string) =>
  `${manageLinkPath(token, `${MANAGE_BOOKING_PATH}/receipt`)}&${new URLSearchParams({ receipt: receiptId })}`;

/** How long a billed move's link stays open after the bill: to pay it, approve it, and find its receipts. */
export const BILLED_LINK_DAYS = 90;

/**
 * A manage link opens its booking until the end of the day after the move, on the company's clock:
 * long enough to find the calendar file or the details on the day, and no longer; a move that was
 * billed, until BILLED_LINK_DAYS after its bill, if that is later.
 */
export function manageLinkExpiresAt(booking: { moving_date: string; billed_at: string | null }, timeZone: string): Date {
  const dayAfterMove = zonedWallTimeToInstant(addDays(booking.moving_date, 2), "00:00", timeZone);
  if (booking.billed_at === null) return dayAfterMove;
  const afterBill = new Date(new Date(booking.billed_at).getTime() + BILLED_LINK_DAYS * 24 * 60 * 60 * 1000);
  return afterBill > dayAfterMove ? afterBill : dayAfterMove;
}

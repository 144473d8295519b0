import type { BookingRow } from "~/domain/booking";
import type { CompanySettings } from "~/domain/company-settings";
import { bookingCalendarFile, calendarEventOf } from "~/services/calendar-file.server";

// The move as an iCalendar download, from the payment page and from the manage link's page alike.

/** The booking's move as a calendar file to save; it names the customer's addresses, so caches never keep it. */
export function moveCalendarResponse(
  booking: BookingRow,
  {
    settings,
    publicUrl,
    manageUrl,
  }: { settings: Pick<CompanySettings, "companyName" | "adminPhone" | "timeZone">; publicUrl: string; manageUrl: string | null },
): Response {
  const file = bookingCalendarFile(
    calendarEventOf(booking, manageUrl),
    { name: settings.companyName, phone: settings.adminPhone, timeZone: settings.timeZone, publicUrl },
    new Date(),
  );
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="move-${booking.moving_date}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A plain-text answer that is never stored: a refusal or failure of a calendar download. */
export const plainCalendarAnswer = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

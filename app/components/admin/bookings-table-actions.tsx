import { MoreHorizontal } from "lucide-react";
import type { AdminBookingRow } from "~/domain/admin-booking-row";
import { mailtoHref } from "~/domain/email-link";

const itemClasses = "block rounded px-3 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100";

/** A booking's own pages and ways to reach its customer, in a menu that opens without JavaScript. */
export function BookingRowActions({
  booking,
  openUp = false,
  compact = false,
}: {
  booking: Pick<AdminBookingRow, "id" | "full_name" | "email" | "phone">;
  /** The menu opens above its button: on the table's last rows, below which there is no room. */
  openUp?: boolean;
  /** The button shows its icon alone (its name stays for screen readers and on hover): the table's narrow last column. */
  compact?: boolean;
}) {
  const bookingPath = `/admin/bookings/${booking.id}`;
  const mailto = mailtoHref(booking.email);
  return (
    <details className="relative">
      <summary
        title={compact ? "Actions" : undefined}
        className="inline-flex h-9 min-w-9 cursor-pointer list-none items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm [&::-webkit-details-marker]:hidden"
      >
        <MoreHorizontal aria-hidden className="size-4" />
        <span className={compact ? "sr-only" : undefined}>
          Actions<span className="sr-only"> for {booking.full_name}&apos;s booking</span>
        </span>
      </summary>
      <ul className={`absolute right-0 z-20 w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg ${openUp ? "bottom-full mb-1" : "mt-1"}`}>
        <li>
          <a href={bookingPath} className={itemClasses}>
            View Details
          </a>
        </li>
        <li>
          <a href={`${bookingPath}/edit`} className={itemClasses}>
            Edit Booking
          </a>
        </li>
        {mailto ? (
          <li>
            <a href={mailto} className={itemClasses}>
              Contact Customer by email
            </a>
          </li>
        ) : null}
        <li>
          <a href={`tel:${booking.phone.replace(/[^\d+]/g, "")}`} className={itemClasses}>
            Call Customer ({booking.phone})
          </a>
        </li>
        <li>
          <a href={`${bookingPath}/cancel`} className={`${itemClasses} text-red-700`}>
            Cancel Booking
          </a>
        </li>
      </ul>
    </details>
  );
}

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { bookingsPagePath } from "~/domain/customer-bookings";

/** Previous and Next between the pages of 'All bookings', and where the customer is. */
export function BookingPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const disabled = `${buttonClasses("outline", "sm")} pointer-events-none opacity-50`;
  return (
    <nav aria-label="Pages of your bookings" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={bookingsPagePath(page - 1)} rel="prev" className={buttonClasses("outline", "sm")}>
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </span>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={bookingsPagePath(page + 1)} rel="next" className={buttonClasses("outline", "sm")}>
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          Next
          <ChevronRight aria-hidden className="size-4" />
        </span>
      )}
    </nav>
  );
}

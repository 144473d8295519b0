import { Check } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import {
  officeBookingState,
  officeStateLabel,
  officeStateTone,
  SET_BOOKING_STATUS_INTENT,
  storedStatusOf,
  type AdminBookingRow,
  type OfficeBookingState,
} from "~/domain/admin-booking-row";
import { TONE_CLASSES } from "~/components/ui/badge";
import { BOOKING_STATUSES } from "~/domain/booking-status";
import { WithoutScripts } from "~/components/without-scripts";

const statusFetcherKey = (bookingId: string) => `booking-status-${bookingId}`;

/**
 * The status a row shows as of `now`: the one being saved while it is saved, else the stored one
 * (unknown ones as pending), a pending booking whose checkout was abandoned as such.
 */
export function useShownState(booking: AdminBookingRow, now: Date): OfficeBookingState {
  const fetcher = useFetcher({ key: statusFetcherKey(booking.id) });
  const submitted = fetcher.formData?.get("status");
  return officeBookingState({ ...booking, status: typeof submitted === "string" ? submitted : booking.status }, now);
}

/**
 * A row's status as a small form posting to the page's action: a select and an Update button without
 * JavaScript; with it, choosing a status submits at once. The page reloads from the database after the
 * post, so a refused change falls back to the stored status. An abandoned checkout's booking is
 * pending: its Pending option reads 'Checkout abandoned', and every other status stays offered.
 */
export function BookingStatusForm({
  booking,
  shown,
  asBadge = false,
}: {
  booking: Pick<AdminBookingRow, "id" | "full_name" | "status">;
  shown: OfficeBookingState;
  /** The row's only sight of its status, coloured as the status badge is (the words stay the meaning). */
  asBadge?: boolean;
}) {
  const fetcher = useFetcher({ key: statusFetcherKey(booking.id) });
  const select = useRef<HTMLSelectElement>(null);
  const shownStatus = storedStatusOf(shown);
  const submitStatus = (status: string) =>
    fetcher.submit({ intent: SET_BOOKING_STATUS_INTENT, bookingId: booking.id, status }, { method: "post", preventScrollReset: true });
  // A status chosen before the scripts ran (the Update button then vanishes) is submitted once they run.
  useEffect(() => {
    if (select.current && select.current.value !== shownStatus) submitStatus(select.current.value);
    // Only once, at hydration: later choices submit on change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fetcher.Form method="post" className={`flex items-center gap-1 ${asBadge ? "w-full min-w-0" : ""}`}>
      <input type="hidden" name="intent" value={SET_BOOKING_STATUS_INTENT} />
      <input type="hidden" name="bookingId" value={booking.id} />
      {/* Uncontrolled, so a status chosen before the scripts ran is still chosen after hydration (and is
          submitted then); keyed by the stored status, so the page's reload
          after a post shows what the database holds, a refused change included. */}
      <select
        key={`${booking.status}-${shown}`}
        name="status"
        aria-label={`Status of ${booking.full_name}'s booking`}
        defaultValue={shownStatus}
        ref={select}
        onChange={(event) => submitStatus(event.currentTarget.value)}
        className={
          asBadge
            ? `h-8 w-full min-w-0 rounded-full border-0 pr-6 pl-2 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[officeStateTone(shown)]}`
            : "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        }
      >
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {officeStateLabel(status === shownStatus ? shown : status)}
          </option>
        ))}
      </select>
      <WithoutScripts>
        {/* In the table's narrow column the button is its icon, named for screen readers and on hover. */}
        <button
          type="submit"
          title={asBadge ? "Update" : undefined}
          className={asBadge ? buttonClasses("outline", "sm", "size-8 shrink-0 px-0") : buttonClasses("outline", "sm")}
        >
          {asBadge ? <Check aria-hidden className="size-4" /> : null}
          <span className={asBadge ? "sr-only" : undefined}>Update</span>
        </button>
      </WithoutScripts>
    </fetcher.Form>
  );
}

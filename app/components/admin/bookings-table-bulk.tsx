import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { BULK_STATUS_FORM_ID, SET_BOOKING_STATUSES_INTENT } from "~/domain/admin-bulk-status";
import { BOOKING_STATUSES, bookingStatusLabel } from "~/domain/booking-status";
import { useHydrated } from "~/hooks/use-hydrated";

// The bookings table's bulk status change: a plain form above the table, which the rows' tick boxes
// belong to through their `form` attribute, so it posts the ticked rows without JavaScript too.

const ROW_BOXES = `input[type="checkbox"][data-bulk-row][form="${BULK_STATUS_FORM_ID}"]`;

const rowBoxes = () => [...document.querySelectorAll<HTMLInputElement>(ROW_BOXES)];

/** How many rows are ticked, and of how many, kept as boxes change and after the page reloads from the database. */
function useTickedRows(): { ticked: number; rows: number } {
  const [count, setCount] = useState({ ticked: 0, rows: 0 });
  const navigation = useNavigation();
  useEffect(() => {
    const recount = () => {
      const boxes = rowBoxes();
      setCount({ ticked: boxes.filter((box) => box.checked).length, rows: boxes.length });
    };
    recount();
    document.addEventListener("change", recount);
    return () => document.removeEventListener("change", recount);
  }, [navigation.state]);
  return count;
}

/** Once a bulk change has been made and the page reloaded, its ticks are done with: every row is unticked. */
function useUntickAfterChange() {
  const navigation = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === SET_BOOKING_STATUSES_INTENT) sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      for (const box of rowBoxes()) box.checked = false;
      document.dispatchEvent(new Event("change"));
    }
  }, [navigation.state, navigation.formData]);
}

export function BulkStatusForm() {
  const hydrated = useHydrated();
  const { ticked } = useTickedRows();
  useUntickAfterChange();
  return (
    <Form
      method="post"
      id={BULK_STATUS_FORM_ID}
      preventScrollReset
      aria-label="Change the status of the ticked bookings"
      className="hidden flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm md:flex"
    >
      <input type="hidden" name="intent" value={SET_BOOKING_STATUSES_INTENT} />
      <label htmlFor="bulk-status-choice" className="font-medium">
        Change the ticked bookings to
      </label>
      <select id="bulk-status-choice" name="status" defaultValue="confirmed" className="h-9 rounded-md border border-slate-300 bg-white px-2">
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {bookingStatusLabel(status)}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClasses("outline", "sm", "h-9")}>
        Change status
      </button>
      {hydrated ? (
        <span role="status" className="text-slate-600">
          {ticked === 0 ? "No booking ticked" : `${ticked} ticked`}
        </span>
      ) : null}
    </Form>
  );
}

/**
 * The header's box ticks or unticks every row of the page, and shows whether all (ticked), some
 * (mixed) or none are; it needs JavaScript, so it is drawn only with it.
 */
export function SelectAllRows() {
  const hydrated = useHydrated();
  const { ticked, rows } = useTickedRows();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && ticked < rows;
  }, [ticked, rows]);
  if (!hydrated) return <span className="sr-only">Select</span>;
  return (
    <label className="inline-flex size-7 cursor-pointer items-center justify-center">
      <input
        ref={box}
        type="checkbox"
        className="size-4"
        checked={rows > 0 && ticked === rows}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          for (const row of rowBoxes()) row.checked = checked;
        }}
      />
      <span className="sr-only">Select every booking on this page</span>
    </label>
  );
}

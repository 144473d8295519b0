import { formatMoveDate, formatTimeSlot } from "~/domain/booking-labels";
import { CAPACITY_MESSAGES, type PickerDaySlots, type SlotAvailability } from "~/domain/capacity";
import { SHOW_TIMES_INTENT } from "~/domain/date-picker-month";
import { TIME_SLOTS } from "~/domain/pricing";
import { buttonClasses } from "~/components/ui/button";
import { WithoutScripts } from "~/components/without-scripts";

const SLOT_CLASSES =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-slate-100 has-[:disabled]:text-slate-500";

/**
 * The start time as radio buttons: 'No preferred time' (the first time that fits, chosen when the
 * move is saved) and the day's slots, those that cannot take the move disabled and marked 'Full' (or
 * 'Too soon', 'Too late' when no move may start then), those from which it runs past closing (when
 * the company allows it) saying so.
 * Before a date is chosen every slot is offered. The time chosen is never disabled under the
 * customer's hand as the date changes (a focused radio taken away loses its form's events): it shows
 * 'Full' with the message, and Continue refuses it. Until JavaScript runs, 'Show free times' posts the
 * step unchecked so the server shows the slots of the date just chosen; then they follow the date.
 * With `allowUnavailable` (the office booking over the free-time check on purpose) the marked slots
 * may be chosen.
 */
export function StartTimeSlots({
  name,
  errorId,
  error,
  chosenTime,
  noPreference,
  day,
  onTimeChange,
  allowUnavailable = false,
}: {
  name: string;
  errorId: string;
  error: string | undefined;
  /** The time chosen ("10:00"), if any. */
  chosenTime: string | undefined;
  /** 'No preferred time' starts chosen (the draft had no time). */
  noPreference: boolean;
  day: PickerDaySlots | null;
  onTimeChange: (time: string | undefined) => void;
  allowUnavailable?: boolean;
}) {
  const slots: SlotAvailability[] = day?.slots ?? TIME_SLOTS.map((time) => ({ time, fits: true }));
  const hint = day ? `On ${formatMoveDate(day.date)}, for a move of about ${day.hours} hours.` : "Choose a move date to see which times are free.";
  return (
    <fieldset id="start-time" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Start time</legend>
      <p className="text-sm text-slate-600">{hint}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <label className={`${SLOT_CLASSES} col-span-2 sm:col-span-3`}>
          <input type="radio" name={name} value="" defaultChecked={noPreference} onChange={() => onTimeChange(undefined)} className="size-4 accent-brand-700" />
          <span className="font-medium">No preferred time</span>
          <span className="text-sm text-slate-600">(the first free time that day)</span>
        </label>
        {slots.map((slot) => (
          <label key={slot.time} className={SLOT_CLASSES}>
            <input
              type="radio"
              name={name}
              value={slot.time}
              defaultChecked={chosenTime === slot.time}
              disabled={!slot.fits && chosenTime !== slot.time && !allowUnavailable}
              onChange={() => onTimeChange(slot.time)}
              className="size-4 accent-brand-700"
            />
            <span className="font-medium tabular-nums">{formatTimeSlot(slot.time)}</span>
            {slot.fits ? (
              slot.runsPastClosing && day ? (
                <>
                  {" "}
                  <span className="ml-auto text-xs font-medium text-amber-800">{CAPACITY_MESSAGES.runsPastClosing(day.closesAt)}</span>
                </>
              ) : null
            ) : (
              <>
                {" "}
                <span className="ml-auto text-xs font-medium uppercase">{slotMark(slot)}</span>
              </>
            )}
          </label>
        ))}
      </div>
      <WithoutScripts>
        <button type="submit" name="intent" value={SHOW_TIMES_INTENT} formNoValidate className={buttonClasses("outline", "sm", "self-start")}>
          Show free times for this date
        </button>
      </WithoutScripts>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Why a slot cannot take the move, in a word or two. */
function slotMark(slot: SlotAvailability): string {
  if (slot.outOfHours === "too-soon") return CAPACITY_MESSAGES.tooSoon;
  if (slot.outOfHours === "past-closing") return CAPACITY_MESSAGES.endsAfterClosing;
  return CAPACITY_MESSAGES.full;
}

import { Fragment, useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { formatMoveDate } from "~/domain/booking-labels";
import { CAPACITY_MESSAGES, slotFits, type WizardAvailability } from "~/domain/capacity";
import { monthOf } from "~/domain/date-picker-month";
import { useWizardAvailability } from "~/hooks/use-wizard-availability";
import { MoveDatePicker } from "./move-date-picker";
import { StartTimeSlots } from "./start-time-slots";

/** What a form's field gives the fields: its name, its error's id and its errors. */
interface FieldParts {
  name: string;
  errorId: string;
  errors?: string[];
}

/**
 * A move's date and start time: the month calendar and the day's start times, for this move. Without
 * JavaScript the month buttons and 'Show free times' post the form, whose page answers with them; with
 * it `endpoint` answers in place as the month, the date (or the home's size) changes. A day or time
 * tapped before the scripts ran is what is chosen once they run, and its free times are asked for.
 * A time chosen that the new date cannot take says so (the form's check refuses it).
 */
export function MoveTimeFields({
  formId,
  date,
  time,
  today,
  availability: rendered,
  endpoint,
  chosen,
  noPreference,
  problems = {},
  size,
  keep,
  allowUnavailable = false,
  onChange,
}: {
  /** The form the fields are in: what it holds is read as the scripts arrive and for each question. */
  formId: string;
  date: FieldParts;
  time: FieldParts;
  today: string;
  /** The calendar the page was rendered with. */
  availability: WizardAvailability;
  /** Where the calendar asks for another month or date (the wizard's unless given). */
  endpoint?: string;
  /** The date and time chosen as the page loads, if any. */
  chosen: { date?: string; time?: string };
  /** 'No preferred time' starts chosen. */
  noPreference: boolean;
  /** Why the date or time the page was loaded with cannot be had, shown until the errors of the form's check. */
  problems?: { date?: string; time?: string };
  /** The home size's field, whose answer goes with each question and asks again as it changes, and the size the page had. */
  size?: { name: string; loaded: string };
  /** The booking's own date and times the calendar does not offer (a day now past, a time outside the slots), which may be kept. */
  keep?: { date: string; times: ReadonlyArray<{ value: string; label: string }> };
  /** The office booking over the free-time check on purpose: closed and full days and times may be chosen. */
  allowUnavailable?: boolean;
  /** The customer changed the date or the time. */
  onChange?: (what: "date" | "time") => void;
}) {
  const { availability, ask, loading, failed } = useWizardAvailability(rendered, endpoint);
  const [chosenDate, setChosenDate] = useState(chosen.date);
  const [chosenTime, setChosenTime] = useState(chosen.time);
  const day = availability.day && availability.day.date === chosenDate ? availability.day : null;
  // A time chosen before the date changed that the new date cannot take: the customer is told why.
  const timeFull = day && chosenTime && !slotFits(day.slots, chosenTime) && !allowUnavailable ? CAPACITY_MESSAGES.slotFullOn(chosenTime, day.date) : undefined;
  // The booking's own date when the month shown has no radio for it.
  const keptDate = keep?.date && monthOf(keep.date) === availability.month && !availability.days.some((shown) => shown.date === keep.date) ? keep.date : null;
  const keptTimes = keep?.times ?? [];

  const answer = (name: string) => {
    const form = document.getElementById(formId);
    return form instanceof HTMLFormElement ? new FormData(form).get(name) : null;
  };
  const sizeAnswer = () => {
    const value = size ? answer(size.name) : null;
    return typeof value === "string" && value ? value : undefined;
  };
  const chooseDate = (picked: string) => {
    setChosenDate(picked);
    onChange?.("date");
    ask({ month: availability.month, date: picked, size: sizeAnswer() });
  };
  const chooseTime = (picked: string | undefined) => {
    setChosenTime(picked);
    onChange?.("time");
  };

  // What was tapped before the scripts arrived is what the form holds: it becomes the choice, and the
  // free times of a day tapped (or of a size chosen) then are asked for.
  const onHydration = useEffectEvent(() => {
    const [formDate, formTime] = [answer(date.name), answer(time.name)];
    if (typeof formTime === "string" && (formTime || undefined) !== chosen.time) chooseTime(formTime || undefined);
    const sizeChanged = size !== undefined && (answer(size.name) ?? "") !== size.loaded;
    if (typeof formDate === "string" && formDate && (formDate !== chosen.date || sizeChanged)) chooseDate(formDate);
  });
  // The form's state before hydration lives only in the page: it is read once, as the scripts run.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => onHydration(), []);

  // A new home size changes which days and times can take the move.
  const onSizeChange = useEffectEvent(() => ask({ month: availability.month, date: chosenDate, size: sizeAnswer() }));
  const sizeName = size?.name;
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!sizeName || !(form instanceof HTMLFormElement)) return;
    const listener = (event: Event) => {
      if (event.target instanceof HTMLSelectElement && event.target.name === sizeName) onSizeChange();
    };
    form.addEventListener("change", listener);
    return () => form.removeEventListener("change", listener);
  }, [formId, sizeName]);

  return (
    <>
      <Group grouped={keep !== undefined}>
        {keptDate ? (
          <KeptChoice
            name={date.name}
            value={keptDate}
            label={formatMoveDate(keptDate)}
            note="(its date now)"
            checked={chosenDate === keptDate}
            onChoose={() => chooseDate(keptDate)}
          />
        ) : null}
        <MoveDatePicker
          name={date.name}
          errorId={date.errorId}
          error={date.errors?.[0] ?? problems.date ?? failed ?? undefined}
          today={today}
          availability={availability}
          chosenDate={keptDate === chosenDate ? undefined : chosenDate}
          loading={loading}
          allowUnavailable={allowUnavailable}
          onDateChange={chooseDate}
          onMonthChange={(month) => ask({ month, date: chosenDate, size: sizeAnswer() })}
        />
      </Group>
      <Group grouped={keep !== undefined}>
        {keptTimes.map((option) => (
          <KeptChoice
            key={option.value}
            name={time.name}
            value={option.value}
            label={option.label}
            note="(its time now)"
            checked={chosenTime === option.value}
            onChoose={() => chooseTime(option.value)}
          />
        ))}
        <StartTimeSlots
          name={time.name}
          errorId={time.errorId}
          error={time.errors?.[0] ?? problems.time ?? timeFull}
          chosenTime={chosenTime}
          noPreference={noPreference}
          day={day}
          allowUnavailable={allowUnavailable}
          onTimeChange={chooseTime}
        />
      </Group>
    </>
  );
}

/** The calendar with the booking's own date or times above it, as one group in the form's column. */
function Group({ grouped, children }: { grouped: boolean; children: ReactNode }) {
  return grouped ? <div className="flex flex-col gap-2">{children}</div> : <Fragment>{children}</Fragment>;
}

/** A radio for the booking's own date or time, which the calendar does not offer. */
function KeptChoice({
  name,
  value,
  label,
  note,
  checked,
  onChoose,
}: {
  name: string;
  value: string;
  label: string;
  note: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={name} value={value} defaultChecked={checked} onChange={onChoose} className="size-4 accent-brand-700" />
      <span>
        {label} <span className="text-slate-600">{note}</span>
      </span>
    </label>
  );
}

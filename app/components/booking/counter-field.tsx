import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { useLiveCheck } from "~/hooks/use-hydrated";
import { ADDON_CARD_CLASSES } from "./addon-card";

/**
 * A number from min to max with − and + buttons, as an add-on card. Without JavaScript each button
 * submits the step to the server, which moves the count (within its limits) and shows the step again;
 * with JavaScript the buttons change the count in place. Its buttons sit under the words on phones and
 * beside them from the small breakpoint up, the same for every counter whatever its words.
 */
export function CounterField({
  name,
  label,
  hint,
  min,
  max,
  defaultValue,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  defaultValue: number;
  error?: string;
  onChange?: (value: number) => void;
}) {
  const isLive = useLiveCheck();
  const [value, setValue] = useState(defaultValue);
  const change = (next: number) => {
    const bounded = Math.min(max, Math.max(min, next));
    setValue(bounded);
    onChange?.(bounded);
  };
  const id = `counter-${name}`;
  const buttonClasses =
    "flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:opacity-40";
  return (
    <div id={`${name}-field`} data-chosen={value > 0} className={`${ADDON_CARD_CLASSES} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}>
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p className="text-sm text-slate-600">{hint}</p>
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <button
          type="submit"
          name="intent"
          value={`adjust:${name}:-1`}
          formNoValidate
          aria-label={`Fewer: ${label}`}
          disabled={value <= min}
          onClick={(event) => {
            if (!isLive()) return;
            event.preventDefault();
            change(value - 1);
          }}
          className={buttonClasses}
        >
          <Minus aria-hidden className="size-4" />
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(event) => change(Number.parseInt(event.target.value, 10) || 0)}
          className="h-11 w-14 rounded-lg border border-slate-300 text-center text-base tabular-nums"
        />
        <button
          type="submit"
          name="intent"
          value={`adjust:${name}:1`}
          formNoValidate
          aria-label={`More: ${label}`}
          disabled={value >= max}
          onClick={(event) => {
            if (!isLive()) return;
            event.preventDefault();
            change(value + 1);
          }}
          className={buttonClasses}
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}

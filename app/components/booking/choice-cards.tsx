import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

export interface Choice<Value extends string> {
  value: Value;
  title: string;
  description?: ReactNode;
}

/** A required choice among a few options, as radio cards in a fieldset, with its message below. */
export function ChoiceCards<Value extends string>({
  field,
  legend,
  choices,
  onChange,
}: {
  field: FieldMetadata<string>;
  legend: string;
  choices: ReadonlyArray<Choice<Value>>;
  onChange?: (value: Value) => void;
}) {
  const error = field.errors?.[0];
  return (
    <fieldset aria-describedby={error ? field.errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
          >
            <input
              type="radio"
              name={field.name}
              value={choice.value}
              defaultChecked={field.initialValue === choice.value}
              onChange={() => onChange?.(choice.value)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>
              <span className="block font-semibold">{choice.title}</span>
              {choice.description ? <span className="block text-sm text-slate-600">{choice.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={field.errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

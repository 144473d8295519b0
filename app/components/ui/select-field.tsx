import { type FieldMetadata, getSelectProps } from "@conform-to/react";

/** A labelled select with its first error below it; `placeholder` offers no choice, `hint` is read with it. */
export function SelectField<Schema extends string | number>({
  field,
  label,
  options,
  placeholder,
  hint,
}: {
  field: FieldMetadata<Schema>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  hint?: string;
}) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        key={field.key}
        aria-describedby={describedBy}
        className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

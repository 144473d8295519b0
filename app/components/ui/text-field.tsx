import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";

interface TextFieldProps<Schema extends string | number> {
  /** A text field, or one whose digits the form's schema reads as a number. */
  field: FieldMetadata<Schema>;
  label: string;
  type: "text" | "email" | "password" | "tel" | "date" | "time";
  autoComplete: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** A rule shown under the input and read with it (e.g. what a password needs). */
  hint?: string;
}

/** A labelled input with its first error below it, wired for screen readers by Conform. */
export function TextField<Schema extends string | number>({ field, label, type, autoComplete, inputProps, hint }: TextFieldProps<Schema>) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        aria-describedby={describedBy}
        className="h-11 rounded-lg border border-slate-300 px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
        {...inputProps}
      />
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

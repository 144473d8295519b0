import { CircleAlert } from "lucide-react";

/** A form-level problem (SPEC.md §8 titles such as 'Login Failed'), announced to screen readers. */
export function FormAlert({ id, title, description }: { id?: string; title: string; description?: string }) {
  return (
    <div id={id} role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {description ? <p>{description}</p> : null}
      </div>
    </div>
  );
}

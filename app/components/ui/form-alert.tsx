import { CircleAlert } from "lucide-react";

/** A form-level problem with its title ('Login Failed', 'Signup Failed'), announced to screen readers. */
export function FormAlert({ id, title, description, problems }: { id?: string; title: string; description?: string; problems?: string[] }) {
  return (
    <div id={id} role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {description ? <p>{description}</p> : null}
        {problems && problems.length === 1 ? <p>{problems[0]}</p> : null}
        {problems && problems.length > 1 ? (
          <ul className="list-disc pl-4">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

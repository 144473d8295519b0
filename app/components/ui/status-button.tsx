import { LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { buttonClasses } from "./button";

/** A submit button that shows a spinner and stays disabled while its form is being sent. */
export function StatusButton({ pending, children, className = "", disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  return (
    <button {...props} disabled={disabled || pending} aria-busy={pending} className={buttonClasses("primary", "md", className)}>
      {pending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}

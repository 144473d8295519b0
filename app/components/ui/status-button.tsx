import { LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { buttonClasses } from "./button";

/** A submit button that shows a spinner and stays disabled while its form is being sent. */
export function StatusButton({
  pending,
  variant = "primary",
  children,
  className = "",
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; variant?: "primary" | "outline" }) {
  return (
    <button {...props} disabled={disabled || pending} aria-busy={pending} className={buttonClasses(variant, "md", className)}>
      {pending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}

import { LogOut } from "lucide-react";
import { Form, href } from "react-router";

/** Signing out is a POST (a link could be followed by a prefetcher or a cross-site page). */
export function SignOutForm({ className, label = "Sign out", labelClassName }: { className: string; label?: string; labelClassName?: string }) {
  return (
    <Form method="post" action={href("/logout")}>
      <button type="submit" className={className}>
        <LogOut aria-hidden className="size-4" />
        {labelClassName ? <span className={labelClassName}>{label}</span> : label}
      </button>
    </Form>
  );
}

import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { authViewPath } from "~/domain/auth-views";

/**
 * Opens the sign-up or sign-in dialog from a wizard step, with the draft's email filled in; the
 * dialog returns to this step, and signing up or in there makes the guest's draft the account's.
 */
export function WizardAccountLink({ view, email, children }: { view: "signup" | "login"; email: string | undefined; children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <Link to={authViewPath(view, `${pathname}${search}`, email)} className="font-medium underline">
      {children}
    </Link>
  );
}

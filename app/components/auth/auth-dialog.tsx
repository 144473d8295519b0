import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { Link, href } from "react-router";
import { AddressDialog } from "~/components/ui/address-dialog";
import type { AuthActionData, AuthView } from "~/domain/auth-views";
import { isWizardPath } from "~/domain/wizard-path";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { SignupForm } from "./signup-form";

const TITLES: Record<AuthView, string> = {
  login: "Welcome back",
  signup: "Create your account",
  forgot: "Reset your password",
};

/** The sign-in / sign-up dialog, opened by the URL (?auth=login|signup|forgot). */
export function AuthDialog({
  view,
  redirectTo,
  email,
  claim = "",
  actionData,
}: {
  view: AuthView;
  redirectTo: string;
  /** Fills the email field (the address just registered). */
  email: string;
  /** A guest's signed claim to a booking, sent with the sign-up or sign-in form and kept when switching between them. */
  claim?: string;
  actionData?: AuthActionData;
}) {
  const lastResult = actionData?.intent === view ? actionData.result : undefined;
  // Opened from the booking wizard, closing goes back to its step; otherwise to the landing page.
  const closeTo = isWizardPath(redirectTo) ? redirectTo : href("/");
  return (
    <AddressDialog
      closeTo={closeTo}
      labelledBy="auth-dialog-title"
      // Pressing a link keeps the focus in the field: a field checked as focus leaves it shows its
      // message, and the dialog, growing, would move the link away from the pointer before the click.
      onMouseDown={(event) => {
        if (event.target instanceof Element && event.target.closest("a")) event.preventDefault();
      }}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <Dialog.Title id="auth-dialog-title" className="text-xl font-bold">
          {TITLES[view]}
        </Dialog.Title>
        <Dialog.Close asChild>
          <Link to={closeTo} preventScrollReset aria-label="Close" className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100">
            <X aria-hidden className="size-5" />
          </Link>
        </Dialog.Close>
      </div>
      {view === "login" ? (
        <LoginForm
          key="login"
          redirectTo={redirectTo}
          email={email}
          claim={claim}
          lastResult={lastResult}
          unconfirmedEmail={actionData?.intent === "login" ? actionData.unconfirmedEmail : undefined}
        />
      ) : null}
      {view === "signup" ? <SignupForm key="signup" redirectTo={redirectTo} email={email} claim={claim} lastResult={lastResult} /> : null}
      {view === "forgot" ? <ForgotPasswordForm key="forgot" lastResult={lastResult} /> : null}
    </AddressDialog>
  );
}

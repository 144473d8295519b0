import type { SubmissionResult } from "@conform-to/react";

export const AUTH_VIEWS = ["login", "signup", "forgot"] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseAuthView(value: string | null): AuthView | null {
  return AUTH_VIEWS.find((view) => view === value) ?? null;
}

/**
 * The landing page URL that opens the auth dialog on a view, keeping where to go after signing in,
 * the email to fill in and a guest's signed claim to a booking (sent back by the sign-up and sign-in forms).
 */
export function authViewPath(view: AuthView, redirectTo?: string, email?: string, claim?: string): string {
  const params = new URLSearchParams({ auth: view });
  if (redirectTo) params.set("redirectTo", redirectTo);
  if (email) params.set("email", email);
  if (claim) params.set("claim", claim);
  return `/?${params}`;
}

/** What an auth form's action answers when it does not redirect: the form it was, and Conform's result. */
export interface AuthActionData {
  intent: AuthView;
  result: SubmissionResult<string[]>;
  /** The address whose password was right but which is not confirmed yet: the login view offers a new link. */
  unconfirmedEmail?: string;
}

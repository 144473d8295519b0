import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { AUTH_MESSAGES } from "~/domain/auth-schemas";
import { useIsSubmitting } from "~/hooks/use-is-submitting";

/**
 * Shown on the login view when the password was right but the address is not confirmed yet: says so,
 * and sends a new confirmation link to that address (a plain form post, so it works without JavaScript).
 */
export function ResendConfirmationForm({
  email,
  redirectTo,
  claim,
  alertId,
  problem,
}: {
  email: string;
  redirectTo: string;
  claim: string;
  /** The login form's error id, so the form stays described by this alert. */
  alertId?: string;
  /** What went wrong with asking for a new link (too many requests). */
  problem?: string;
}) {
  const pending = useIsSubmitting("resend-confirmation");
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="resend-confirmation" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {claim ? <input type="hidden" name="claim" value={claim} /> : null}
      <FormAlert id={alertId} title="Email not confirmed" description={AUTH_MESSAGES.emailNotConfirmed} problems={problem ? [problem] : undefined} />
      <StatusButton type="submit" variant="outline" pending={pending}>
        {pending ? "Sending…" : "Send a new link"}
      </StatusButton>
    </Form>
  );
}

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, redirect } from "react-router";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { withBookingsJoined } from "~/domain/account";
import { resetPasswordSchema } from "~/domain/auth-schemas";
import { authViewPath } from "~/domain/auth-views";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { claimGuestBookingsAfterPasswordReset } from "~/services/booking-claims.server";
import { readFormBody } from "~/services/form-body.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { homePath, readRoles } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/reset-password";

const LINK_INVALID = "This reset link is invalid or has expired. Request a new one.";
const LINK_SPENT = "This link has now been used: request a new one to try again.";

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta("Choose a new password", matches), { name: "robots", content: "noindex" }];

/** The emailed link lands here. The token is spent only by the POST, so mail scanners that follow links cannot use it up. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tokenHash = params.get("type") === "recovery" ? params.get("token_hash") : null;
  return { tokenHash: tokenHash && tokenHash.length <= 200 ? tokenHash : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormBody(request), { schema: resetPasswordSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });

  const { clientIp, logger } = context.get(requestContext);
  const { authLimits } = context.get(servicesContext);
  const wait = await authLimits.beforeVerification(clientIp);
  if (wait) return data(submission.reply({ ...hidden, formErrors: [tooManyAttemptsMessage(wait)] }), { status: 429 });

  const { supabase } = context.get(sessionContext);
  const verified = await supabase.auth.verifyOtp({ type: "recovery", token_hash: submission.value.tokenHash });
  if (verified.error || !verified.data.user) {
    await authLimits.verificationFailed(clientIp);
    return data(submission.reply({ ...hidden, formErrors: [LINK_INVALID] }), { status: verified.error?.status === 429 ? 429 : 400 });
  }
  const updated = await supabase.auth.updateUser({ password: submission.value.password });
  if (updated.error) {
    logger.warn({ err: updated.error }, "password update failed");
    // The verification signed this browser in; without the new password it must not stay signed in.
    await supabase.auth.signOut({ scope: "local" });
    return data(submission.reply({ ...hidden, formErrors: [`${updated.error.message} ${LINK_SPENT}`] }), { status: 400 });
  }
  // The new password ends the account's other sessions (GoTrue does so itself; asked again so that
  // nobody else, such as whoever signed up first with this address, holds the account any longer).
  const others = await supabase.auth.signOut({ scope: "others" });
  if (others.error) logger.warn({ err: others.error }, "could not end the account's other sessions");
  // The link reached this address's inbox and the account is now this customer's alone: the guest bookings made with the address join it.
  const joined = await claimGuestBookingsAfterPasswordReset(context, supabase);
  await setToast(context, {
    type: "success",
    title: "Password updated",
    description: withBookingsJoined("You are signed in with your new password.", joined),
  });
  return redirect(homePath(await readRoles(supabase, verified.data.user, logger)));
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsSubmitting("reset-password");
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {loaderData.tokenHash ? (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="tokenHash" value={loaderData.tokenHash} />
          {form.errors?.[0] ? <FormAlert id={form.errorId} title="Error" description={form.errors[0]} /> : null}
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            labels={{ password: "New password", confirmPassword: "Confirm new password" }}
          />
          <StatusButton type="submit" pending={pending}>
            {pending ? "Saving…" : "Save new password"}
          </StatusButton>
        </Form>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert title="Error" description={LINK_INVALID} />
          <Link to={authViewPath("forgot")} className="font-medium text-brand-700 underline underline-offset-4">
            Request a new link
          </Link>
        </div>
      )}
    </main>
  );
}

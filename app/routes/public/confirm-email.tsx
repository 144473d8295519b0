import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, href, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { StatusButton } from "~/components/ui/status-button";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { confirmEmailSchema } from "~/domain/auth-schemas";
import { authViewPath } from "~/domain/auth-views";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { useIsSubmitting } from "~/hooks/use-is-submitting";
import { addressOfConfirmationLink } from "~/services/confirmation-links.server";
import { readFormBody } from "~/services/form-body.server";
import { tooManyAttemptsMessage } from "~/services/rate-limit.server";
import { homePath, readRoles } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/confirm-email";

const LINK_INVALID = "This confirmation link is invalid or has expired. Sign in: if your email still needs confirming, you can ask for a new link there.";

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta("Confirm your email", matches), { name: "robots", content: "noindex" }];

/**
 * The sign-up confirmation email links here (`/auth/confirm?token_hash=…&type=signup&next=…`, the
 * address Supabase's server-side guide uses; its templates' `type=email` works too). As on the password reset page, the token is spent only
 * by the POST of the button, so mail scanners that open links cannot use it up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const link = confirmEmailSchema.safeParse({
    tokenHash: params.get("token_hash") ?? undefined,
    type: params.get("type") ?? undefined,
    next: params.get("next") ?? undefined,
  });
  const { user } = context.get(sessionContext);
  return {
    link: link.success ? { ...link.data, next: safeRedirectPath(link.data.next, "") } : null,
    // Named before the button is pressed, so nobody confirms (and signs in to) an address that is not theirs unawares.
    address: link.success ? await addressOfConfirmationLink(context, link.data.tokenHash) : null,
    // A signed-in visitor is asked to sign out first, coming back here.
    signedInAs: user ? (user.email ?? "") : null,
    here: `${url.pathname}${url.search}`,
  };
}

/** Confirming signs in to the link's account: it never replaces the session of whoever is signed in here. */
function signOutFirst(email: string) {
  return `You are signed in as ${email}. Confirming this link would sign you in to the account it was sent for instead: sign out first.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormBody(request), { schema: confirmEmailSchema });
  if (submission.status !== "success") return data({ error: LINK_INVALID }, { status: 400 });
  const session = context.get(sessionContext);
  if (session.user) return data({ error: signOutFirst(session.user.email ?? "another account") }, { status: 409 });

  const { clientIp, logger } = context.get(requestContext);
  const { authLimits } = context.get(servicesContext);
  const wait = await authLimits.beforeVerification(clientIp);
  if (wait) return data({ error: tooManyAttemptsMessage(wait) }, { status: 429 });

  const { supabase } = session;
  const { tokenHash, type, next } = submission.value;
  const verified = await supabase.auth.verifyOtp({ type, token_hash: tokenHash });
  if (verified.error || !verified.data.user) {
    await authLimits.verificationFailed(clientIp);
    return data({ error: LINK_INVALID }, { status: verified.error?.status === 429 ? 429 : 400 });
  }
  // No guest booking joins here: whoever signed up first chose the password, and may not be the
  // owner of this inbox. Guest bookings join by the password reset link, which takes the account back.
  await setToast(context, {
    type: "success",
    title: "Email confirmed",
    description: `You are signed in as ${verified.data.user.email ?? "the address you confirmed"}.`,
  });
  return redirect(safeRedirectPath(next, "") || homePath(await readRoles(supabase, verified.data.user, logger)));
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsSubmitting("confirm-email");
  const { link, address, signedInAs, here } = loaderData;
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">Confirm your email</h1>
      {/* A signed-in visitor of a spent or unknown link (it signs nobody in) gets the error below. */}
      {link && signedInAs !== null && address ? (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert title="Sign out first" description={signOutFirst(signedInAs || "another account")} />
          <p className="text-slate-600">This link confirms {address}.</p>
          <Form method="post" action={href("/logout")}>
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className={buttonClasses("primary", "md", "w-full")}>
              Sign out
            </button>
          </Form>
          <Link to={href("/dashboard")} className="text-center font-medium text-brand-700 underline underline-offset-4">
            Stay signed in
          </Link>
        </div>
      ) : link && signedInAs === null ? (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="intent" value="confirm-email" />
          <input type="hidden" name="tokenHash" value={link.tokenHash} />
          <input type="hidden" name="type" value={link.type} />
          {link.next ? <input type="hidden" name="next" value={link.next} /> : null}
          {actionData?.error ? <FormAlert title="Error" description={actionData.error} /> : null}
          <p className="text-slate-600">
            {address
              ? `This link confirms ${address}. One last step: confirm this is your address, and you are signed in to its account.`
              : "One last step: confirm this is your address, and you are signed in."}
          </p>
          <StatusButton type="submit" pending={pending}>
            {pending ? "Confirming…" : "Confirm my email"}
          </StatusButton>
        </Form>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert title="Error" description={LINK_INVALID} />
          <Link to={signedInAs === null ? authViewPath("login") : href("/dashboard")} className="font-medium text-brand-700 underline underline-offset-4">
            {signedInAs === null ? "Sign in" : "Back to your account"}
          </Link>
        </div>
      )}
    </main>
  );
}

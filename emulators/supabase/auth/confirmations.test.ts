import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// Sign-up with email confirmations on (a hosted project's default; the emulator's
// confirmSignupLinkTemplate): GoTrue answers the user without a session and emails a confirmation
// link, which /verify takes once, within the hour. The emails are read from the outbox, so these run
// on the emulator only.

const TEMPLATE = "{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=email";
const PASSWORD = "correct-horse-42";

let backend: TestBackend;

beforeAll(async () => {
  if (!usingHostedBackend) backend = await startTestBackend({ confirmSignupLinkTemplate: TEMPLATE });
});
afterAll(async () => {
  await backend?.close();
});

function emailsTo(address: string) {
  return backend.readOutbox().filter((sent) => sent.to === address);
}

/** The first email sent to this address (its sign-up confirmation). */
function firstEmailTo(address: string) {
  const [first] = emailsTo(address);
  if (!first) throw new Error(`no email was sent to ${address}`);
  return first;
}

async function signUp(email: string, password = PASSWORD, data: Record<string, unknown> = {}) {
  return backend.createClient().auth.signUp({ email, password, options: { data } });
}

describe.skipIf(usingHostedBackend)("sign-up with email confirmations on", () => {
  it("answers the user without a session and emails the template's link; the account cannot sign in yet", async () => {
    const email = uniqueEmail("confirm");
    const { data, error } = await signUp(email, PASSWORD, { full_name: "Cora Confirm" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      user_metadata: { full_name: "Cora Confirm", email_verified: false },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(Date.parse(data.user!.confirmation_sent_at!)).toBeGreaterThan(Date.now() - 60_000);

    const [sent, ...more] = emailsTo(email);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ type: "signup", token: expect.stringMatching(/^\d{6}$/) });
    expect(sent!.link).toBe(`${backend.url}/auth/confirm?token_hash=${sent!.tokenHash}&type=email`);

    const signIn = await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" });
  });

  it.each(["signup", "email"] as const)("the link's token hash, verified as type %s, confirms the address and signs the user in, once", async (type) => {
    const email = uniqueEmail(`confirm-${type}`);
    await signUp(email);
    const { tokenHash } = firstEmailTo(email);

    const verified = await backend.createClient().auth.verifyOtp({ type, token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user).toMatchObject({ email, user_metadata: { email_verified: true } });
    expect(verified.data.session?.user.email_confirmed_at).toEqual(expect.any(String));
    expect((await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const again = await backend.createClient().auth.verifyOtp({ type, token_hash: tokenHash });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("a confirmation link is not a recovery link, and the other way round", async () => {
    const email = uniqueEmail("confirm-kinds");
    await signUp(email);
    const { tokenHash } = firstEmailTo(email);
    const asRecovery = await backend.createClient().auth.verifyOtp({ type: "recovery", token_hash: tokenHash });
    expect(asRecovery.error).toMatchObject({ status: 403, code: "otp_expired" });
    expect((await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: tokenHash })).error).toBeNull();

    await backend.createClient().auth.resetPasswordForEmail(email);
    const recovery = emailsTo(email).at(-1)!;
    expect(recovery.type).toBe("recovery");
    const asSignup = await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: recovery.tokenHash });
    expect(asSignup.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("takes the six-digit code of the email with the address", async () => {
    const email = uniqueEmail("confirm-code");
    await signUp(email);
    const { token } = firstEmailTo(email);
    const wrong = await backend.createClient().auth.verifyOtp({ type: "signup", email, token: token === "000000" ? "111111" : "000000" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    const right = await backend.createClient().auth.verifyOtp({ type: "signup", email, token });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });

  it("expires the link after an hour", async () => {
    const email = uniqueEmail("confirm-late");
    await signUp(email);
    const { tokenHash } = firstEmailTo(email);
    await backend.sql("update auth.users set confirmation_sent_at = now() - interval '61 minutes' where email = $1", [email]);
    expect((await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: tokenHash })).error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("signing up again before confirming sends a new link, the older one stops working, and the first password stays", async () => {
    const email = uniqueEmail("confirm-twice");
    const first = await signUp(email);
    const second = await signUp(email, "another-horse-42");
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    const [older, newer] = emailsTo(email);
    expect(newer?.tokenHash).not.toBe(older?.tokenHash);
    expect((await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: older!.tokenHash })).error).toMatchObject({ code: "otp_expired" });
    expect((await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: newer!.tokenHash })).error).toBeNull();
    expect((await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it("an address whose account is confirmed gets a made-up user and no email, so nobody learns it has an account", async () => {
    const email = uniqueEmail("confirm-taken");
    const owner = await backend.adminCreateUser(email, PASSWORD);
    const before = emailsTo(email).length;
    const { data, error } = await signUp(email, "stranger-horse-42", { full_name: "Not The Owner" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: "", identities: [], user_metadata: { full_name: "Not The Owner" } });
    expect(data.user?.id).not.toBe(owner.id);
    expect(emailsTo(email)).toHaveLength(before);
    expect((await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

// Sign-up with email confirmations on (a hosted project's default; the emulator's
// confirmSignupLinkTemplate): GoTrue answers the user without a session and emails a confirmation
// link, which /verify takes once, within the hour. The emails are read from the outbox, so these run
// on the emulator only.

const TEMPLATE = "{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=signup";
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
    expect(sent!.link).toBe(`${backend.url}/auth/confirm?token_hash=${sent!.tokenHash}&type=signup`);

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

/** POST /auth/v1/resend as a browser sends it without supabase-js (GoTrue's legacy error shape). */
function postResend(target: TestBackend, body: Record<string, unknown>): Promise<Response> {
  return target.fetch(`${target.url}/auth/v1/resend`, {
    method: "POST",
    headers: { apikey: target.anonKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe.skipIf(usingHostedBackend)("resending the sign-up confirmation (POST /resend)", () => {
  it("sends an unconfirmed account a new link, which works while the older one stops working", async () => {
    const email = uniqueEmail("resend");
    await signUp(email);
    const { error, data } = await backend.createClient().auth.resend({ type: "signup", email, options: { emailRedirectTo: `${backend.url}/dashboard` } });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });

    const [older, newer, ...more] = emailsTo(email);
    expect(more).toEqual([]);
    expect(newer).toMatchObject({ type: "signup", redirectTo: `${backend.url}/dashboard` });
    expect(newer!.link).toBe(`${backend.url}/auth/confirm?token_hash=${newer!.tokenHash}&type=signup`);
    expect(newer!.tokenHash).not.toBe(older!.tokenHash);
    expect((await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: older!.tokenHash })).error).toMatchObject({ code: "otp_expired" });
    const verified = await backend.createClient().auth.verifyOtp({ type: "signup", token_hash: newer!.tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toEqual(expect.any(String));
  });

  it("answers 200 {} and sends nothing for an unknown address or a confirmed account, so nobody learns which addresses have one", async () => {
    const confirmed = uniqueEmail("resend-confirmed");
    await backend.adminCreateUser(confirmed, PASSWORD);
    const unknown = uniqueEmail("resend-unknown");
    for (const email of [confirmed, unknown, unknown.toUpperCase()]) {
      const response = await postResend(backend, { type: "signup", email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
    }
    expect(emailsTo(confirmed)).toEqual([]);
    expect(emailsTo(unknown)).toEqual([]);
  });

  it("refuses what GoTrue refuses, with its words", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "someone@example.com" }, "Missing one of these types: signup, email_change, sms, phone_change"],
      [{ type: "recovery", email: "someone@example.com" }, "Missing one of these types: signup, email_change, sms, phone_change"],
      [{ type: "signup" }, "Type provided requires an email address"],
      [{ type: "signup", email: "not-an-email" }, "Unable to validate email address: invalid format"],
      [{ type: "sms" }, "Type provided requires a phone number"],
      [{ type: "email_change", email: "someone@example.com", phone: "+14045550100" }, "Only an email address or phone number should be provided."],
      [{ type: "signup", email: "someone@example.com", code_challenge: "x".repeat(43) }, "PKCE flow requires code_challenge_method and code_challenge"],
    ];
    for (const [body, msg] of cases) {
      const response = await postResend(backend, body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({
        body,
        status: 400,
        answer: { code: 400, error_code: "validation_failed", msg },
      });
    }
    const phone = await postResend(backend, { type: "sms", phone: "+14045550100" });
    expect(await phone.json()).toEqual({ code: 400, error_code: "phone_provider_disabled", msg: "Phone logins are disabled" });
    const badJson = await backend.fetch(`${backend.url}/auth/v1/resend`, { method: "POST", headers: { apikey: backend.anonKey }, body: "{" });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error_code: "bad_json" });
  });

  it("with confirmations off, mails an account an admin left unconfirmed the link of GoTrue's default template", async () => {
    const off = await startTestBackend();
    try {
      const email = uniqueEmail("resend-off");
      const { error } = await off.createClient({ key: "service_role" }).auth.admin.createUser({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect((await off.createClient().auth.resend({ type: "signup", email })).error).toBeNull();
      const [sent, ...more] = off.readOutbox().filter((message) => message.to === email);
      expect(more).toEqual([]);
      expect(sent!.link).toBe(`${off.url}/auth/v1/verify?token=${sent!.tokenHash}&type=signup&redirect_to=${off.url}`);
      expect((await off.createClient().auth.verifyOtp({ type: "signup", token_hash: sent!.tokenHash })).error).toBeNull();
      expect((await off.createClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    } finally {
      await off.close();
    }
  });
});

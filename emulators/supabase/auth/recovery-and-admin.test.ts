import { AuthApiError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../testing/index.ts";

let backend: TestBackend;
const PASSWORD = "correct-horse-42";

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

async function createSignedUpUser(): Promise<string> {
  const email = uniqueEmail("recovery");
  const { error } = await backend.createClient().auth.signUp({ email, password: PASSWORD });
  if (error) throw error;
  return email;
}

function latestEmailTo(address: string) {
  const email = backend.readOutbox().findLast((sent) => sent.to === address);
  if (!email) throw new Error(`no email was sent to ${address}`);
  return email;
}

// Recovery emails land in the emulator's outbox; a hosted project sends real emails.
describe.skipIf(usingHostedBackend)("password recovery", () => {
  it("sends a recovery email whose token_hash signs the user in once", async () => {
    const address = await createSignedUpUser();
    const client = backend.createClient();
    const { data, error } = await client.auth.resetPasswordForEmail(address, { redirectTo: `${backend.url}/reset-password` });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const email = latestEmailTo(address);
    expect(email).toMatchObject({ type: "recovery", redirectTo: `${backend.url}/reset-password` });
    expect(email.link).toBe(`${backend.url}/reset-password?token_hash=${email.tokenHash}&type=recovery`);
    expect(Date.parse(email.sentAt)).toBeGreaterThan(Date.now() - 60_000);

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const verified = await client.auth.verifyOtp({ type: "recovery", token_hash: email.tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(address);
    expect(events).toContain("PASSWORD_RECOVERY");

    expect((await client.auth.updateUser({ password: "recovered-secret" })).error).toBeNull();
    const signIn = await backend.createClient().auth.signInWithPassword({ email: address, password: "recovered-secret" });
    expect(signIn.error).toBeNull();

    const reused = await backend.createClient().auth.verifyOtp({ type: "recovery", token_hash: email.tokenHash });
    expect(reused.error).toBeInstanceOf(AuthApiError);
    expect(reused.error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("accepts the six-digit code of the email with the address", async () => {
    const address = await createSignedUpUser();
    await backend.createClient().auth.resetPasswordForEmail(address);
    const { token } = latestEmailTo(address);
    const wrong = await backend.createClient().auth.verifyOtp({ type: "recovery", email: address, token: token === "000000" ? "111111" : "000000" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    const right = await backend.createClient().auth.verifyOtp({ type: "recovery", email: address, token });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(address);
  });

  it("answers {} for an unknown email and sends nothing", async () => {
    const before = backend.readOutbox().length;
    const { data, error } = await backend.createClient().auth.resetPasswordForEmail(uniqueEmail("nobody"));
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(backend.readOutbox()).toHaveLength(before);
  });

  it("expires a recovery link after an hour", async () => {
    const address = await createSignedUpUser();
    await backend.createClient().auth.resetPasswordForEmail(address);
    const { tokenHash } = latestEmailTo(address);
    await backend.sql("update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1", [address]);
    const { error } = await backend.createClient().auth.verifyOtp({ type: "recovery", token_hash: tokenHash });
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("only a newer email's link works once a second one is requested", async () => {
    const address = await createSignedUpUser();
    await backend.createClient().auth.resetPasswordForEmail(address);
    const first = latestEmailTo(address);
    await backend.createClient().auth.resetPasswordForEmail(address);
    const second = latestEmailTo(address);
    expect((await backend.createClient().auth.verifyOtp({ type: "recovery", token_hash: first.tokenHash })).error?.code).toBe("otp_expired");
    expect((await backend.createClient().auth.verifyOtp({ type: "recovery", token_hash: second.tokenHash })).error).toBeNull();
  });

  it("sends links only to the site's own host; another host falls back to the site URL", async () => {
    const address = await createSignedUpUser();
    await backend.createClient().auth.resetPasswordForEmail(address, { redirectTo: "https://evil.example.net/steal" });
    expect(latestEmailTo(address).redirectTo).toBe(backend.url);
  });
});

describe("POST /verify validation", () => {
  it("refuses an unknown token hash (403 otp_expired)", async () => {
    const { error } = await backend.createClient().auth.verifyOtp({ type: "recovery", token_hash: "0".repeat(56) });
    expect(error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("refuses a malformed recovery request (400 validation_failed)", async () => {
    const { error } = await backend.createClient().auth.resetPasswordForEmail("no-at-sign");
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
  });
});

describe("admin users API (service_role key)", () => {
  it("creates a confirmed user with metadata who can then sign in", async () => {
    const email = uniqueEmail("seeded");
    const user = await backend.adminCreateUser(email, PASSWORD, { full_name: "Seeded Admin" });
    expect(user).toMatchObject({ email, user_metadata: { full_name: "Seeded Admin" }, app_metadata: { provider: "email" } });
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    const { error } = await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
  });

  it("leaves a user created without email_confirm unable to sign in (400 email_not_confirmed)", async () => {
    const email = uniqueEmail("unconfirmed");
    const admin = backend.createClient({ key: "service_role" }).auth.admin;
    expect((await admin.createUser({ email, password: PASSWORD })).error).toBeNull();
    const { error } = await backend.createClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" });
  });

  it("refuses a second user with the same email (422 email_exists)", async () => {
    const email = uniqueEmail("twice");
    await backend.adminCreateUser(email, PASSWORD);
    const { error } = await backend.createClient({ key: "service_role" }).auth.admin.createUser({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("lists users page by page with the total count", async () => {
    await backend.adminCreateUser(uniqueEmail("listed"), PASSWORD);
    await backend.adminCreateUser(uniqueEmail("listed"), PASSWORD);
    const admin = backend.createClient({ key: "service_role" }).auth.admin;
    const { data, error } = await admin.listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(1);
    expect(data).toMatchObject({ aud: "authenticated", nextPage: 2 });
    expect((data as { total: number }).total).toBeGreaterThanOrEqual(2);
    const second = await admin.listUsers({ page: 2, perPage: 1 });
    expect(second.data.users[0]?.id).not.toBe(data.users[0]?.id);
  });

  it("updates and deletes a user by id", async () => {
    const user = await backend.adminCreateUser(uniqueEmail("managed"), PASSWORD, { full_name: "Before" });
    const admin = backend.createClient({ key: "service_role" }).auth.admin;
    const updated = await admin.updateUserById(user.id, { user_metadata: { full_name: "After" }, app_metadata: { plan: "pro" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ user_metadata: { full_name: "After" }, app_metadata: { plan: "pro", provider: "email" } });
    expect((await admin.deleteUser(user.id)).error).toBeNull();
    expect((await admin.getUserById(user.id)).error).toMatchObject({ status: 404, code: "user_not_found" });
  });

  it("refuses the anon key (403 not_admin)", async () => {
    const { error } = await backend.createClient().auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
  });
});

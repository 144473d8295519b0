import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "../../app/domain/auth-schemas.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PASSWORD } from "./support/app-harness.ts";
import { startTestApp, type TestApp, type Visitor } from "./support/app-client.ts";

// With email confirmations on, signing in before confirming says so and offers a new link. Asking for
// one answers the same whether or not the address has an account to confirm, and counts against the
// auth limits per client address and per email like sign-ups and reset links. The login view's forms
// are posted through the app's request handler, as the page's router posts them.

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  if (usingHostedBackend) return;
  backend = await startTestBackend({ confirmSignupLinkTemplate: "{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=signup" });
  app = await startTestApp(backend, { authAttemptsPerMinute: 2 });
});

afterAll(async () => {
  await backend?.close();
});

const emailsTo = (address: string) => backend.readOutbox().filter((sent) => sent.to === address);

const hasSession = (visitor: Visitor) => [...visitor.cookies().keys()].some((name) => /-auth-token(\.\d+)?$/.test(name));

function resend(visitor: Visitor, email: string) {
  return visitor.act("/?index", { intent: "resend-confirmation", email, redirectTo: "/book/addons", claim: "a-claim" });
}

describe.skipIf(usingHostedBackend)("a new confirmation link", () => {
  it("is offered when the right password signs in before confirming, which starts no session", async () => {
    const email = uniqueEmail("resend-offer");
    const visitor = app.visitor({ clientIp: "192.0.2.1" });
    await backend.createClient().auth.signUp({ email, password: TEST_PASSWORD });
    const signIn = await visitor.act("/?index", { intent: "login", email, password: TEST_PASSWORD, redirectTo: "" });
    expect(signIn.status).toBe(400);
    expect(signIn.value).toMatchObject({ intent: "login", unconfirmedEmail: email, result: { error: { "": [AUTH_MESSAGES.emailNotConfirmed] } } });
    expect(hasSession(visitor)).toBe(false);
    // A wrong password learns nothing about confirmation.
    const wrong = await visitor.act("/?index", { intent: "login", email, password: "Wrong-Horse-9", redirectTo: "" });
    expect(wrong.value).not.toHaveProperty("unconfirmedEmail");
  });

  it("answers the same for an unconfirmed account and an unknown address, keeping where to go, and mails only the account", async () => {
    const unconfirmed = uniqueEmail("resend-unconfirmed");
    const unknown = uniqueEmail("resend-unknown");
    await backend.createClient().auth.signUp({ email: unconfirmed, password: TEST_PASSWORD });
    const answers = [];
    for (const email of [unknown, unconfirmed]) {
      const visitor = app.visitor({ clientIp: `192.0.2.${answers.length + 10}` });
      const answer = await resend(visitor, email);
      // The login view the answer leads to shows the flash message.
      const { id: _id, ...toast } = (answer.location ? await visitor.toast(answer.location) : null) ?? { id: "" };
      answers.push({ status: answer.status, location: answer.location?.replace(encodeURIComponent(email), "EMAIL"), toast });
    }
    expect(answers[0]).toEqual({
      status: 302,
      location: "/?auth=login&redirectTo=%2Fbook%2Faddons&email=EMAIL&claim=a-claim",
      toast: { type: "success", title: "Check your email", description: AUTH_MESSAGES.confirmationResent },
    });
    expect(answers[1]).toEqual(answers[0]);
    await vi.waitFor(() => expect(emailsTo(unconfirmed)).toHaveLength(2));
    expect(emailsTo(unconfirmed)[1]).toMatchObject({ type: "signup", link: expect.stringContaining("/auth/confirm?token_hash=") });
    expect(emailsTo(unknown)).toEqual([]);
  });

  it("is limited per email across addresses, and sends nothing once refused", async () => {
    const email = uniqueEmail("resend-limit");
    await backend.createClient().auth.signUp({ email, password: TEST_PASSWORD });
    for (const clientIp of ["198.51.100.1", "198.51.100.2"]) expect((await resend(app.visitor({ clientIp }), email)).status).toBe(302);
    await vi.waitFor(() => expect(emailsTo(email)).toHaveLength(3));

    const refused = await resend(app.visitor({ clientIp: "198.51.100.3" }), email);
    expect(refused.status).toBe(429);
    expect(refused.value).toMatchObject({ intent: "login", unconfirmedEmail: email, result: { error: { "": [expect.stringMatching(/^Too many attempts/)] } } });
    // Another address of the same client is not held by that email's limit.
    expect((await resend(app.visitor({ clientIp: "198.51.100.3" }), uniqueEmail("resend-other"))).status).toBe(302);
    expect(emailsTo(email)).toHaveLength(3);
  });

  it("refuses a malformed address with the field's message, not a 500", async () => {
    const answer = await resend(app.visitor({ clientIp: "203.0.113.5" }), "not-an-email");
    expect(answer.status).toBe(400);
    expect(answer.value).toMatchObject({ intent: "login", result: { error: { email: [AUTH_MESSAGES.emailInvalid] } } });
  });
});

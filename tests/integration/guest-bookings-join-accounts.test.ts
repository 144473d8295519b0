import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Toast } from "../../app/domain/toast.ts";
import type { loader as confirmLoader } from "../../app/routes/public/confirm-email.tsx";
import { bookingClaimToken } from "../../app/services/booking-claims.server.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { TEST_PASSWORD } from "./support/app-harness.ts";
import { startTestApp, type RouteOutcome, type TestApp, type Visitor } from "./support/app-client.ts";

// A guest's booking joins an account only on proof that it is theirs: the payment page's signed claim
// (sent back by the sign-up or the sign-in form, once), or a link the auth service emailed to the
// booking's address and its owner opened (a password recovery; a sign-up confirmation where the
// backend asks for one). Typing the address at sign-up proves nothing. Every request goes through the
// app's request handler with the visitor's cookies, the forms posted as the page's router posts them,
// against the embedded Supabase.

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  backend = await startTestBackend();
  app = await startTestApp(backend);
});

afterAll(async () => {
  await backend?.close();
});

/** A guest's booking (no owner) as the server writes it. */
async function guestBooking(email: string, movingFrom = "7 Guest St, Atlanta", on = backend): Promise<string> {
  const [row] = await on.sql<{ id: string }>(
    `insert into public.bookings (full_name, email, phone, moving_from, moving_to, moving_date, team_type, service_type, property_size, estimated_cost_cents)
     values ('Gus Guest', $1, '404-555-0100', $2, '8 Host Ave, Atlanta', '2027-03-01', 'elite', 'local', '2_bedroom', 100000) returning id`,
    [email, movingFrom],
  );
  return row!.id;
}

async function ownerOf(bookingId: string, on = backend): Promise<string | null> {
  const [row] = await on.sql<{ user_id: string | null }>("select user_id from public.bookings where id = $1", [bookingId]);
  return row!.user_id;
}

async function accountId(email: string, on = backend): Promise<string> {
  const [row] = await on.sql<{ id: string }>("select id from auth.users where lower(email) = lower($1)", [email]);
  return row!.id;
}

function signUp(visitor: Visitor, email: string, form: Record<string, string> = {}) {
  return visitor.act("/?index", {
    intent: "signup",
    fullName: "Gus Guest",
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    redirectTo: "/dashboard",
    ...form,
  });
}

function signIn(visitor: Visitor, email: string, form: Record<string, string> = {}) {
  return visitor.act("/?index", { intent: "login", email, password: TEST_PASSWORD, redirectTo: "/dashboard", ...form });
}

/** The flash message the page a form's answer redirected to shows, or null. */
async function flashAfter(visitor: Visitor, answer: RouteOutcome): Promise<Toast | null> {
  if (!answer.location) throw new Error(`the form's answer was no redirect: ${answer.status} ${JSON.stringify(answer.value)}`);
  return visitor.toast(answer.location);
}

/** A client signed in by the reset link emailed to the address, with a new password saved: the proof the join asks for. */
async function resetLinkSession(on: TestBackend, email: string) {
  const client = on.createClient();
  expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
  const sent = on.readOutbox().findLast((mail) => mail.to === email.toLowerCase() && mail.type === "recovery")!;
  expect((await client.auth.verifyOtp({ type: "recovery", token_hash: sent.tokenHash })).error).toBeNull();
  expect((await client.auth.updateUser({ password: `Reset-${crypto.randomUUID()}-1` })).error).toBeNull();
  return client;
}

/** The confirmation page's data, as its loader gives it. */
type ConfirmPage = Awaited<ReturnType<typeof confirmLoader>>;
const CONFIRM_ROUTE = "routes/public/confirm-email";

const hasSession = (visitor: Visitor) => [...visitor.cookies().keys()].some((name) => /-auth-token(\.\d+)?$/.test(name));

describe.skipIf(usingHostedBackend)("the payment page's claim", () => {
  it("signing in to an existing account with it attaches the booking, and says so", async () => {
    const email = uniqueEmail("claims-by-sign-in");
    const booking = await guestBooking(email);
    const account = await backend.adminCreateUser(uniqueEmail("existing"), TEST_PASSWORD);
    const visitor = app.visitor();

    const answer = await signIn(visitor, account.email!, { claim: bookingClaimToken(app.services.cookieSecret, booking) });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await ownerOf(booking)).toBe(account.id);
    expect(await flashAfter(visitor, answer)).toMatchObject({ title: "Booking added" });
  });

  it("works once: a claim used by one account never moves the booking to another, by sign-up or sign-in", async () => {
    const email = uniqueEmail("claimed-once");
    const booking = await guestBooking(email);
    const claim = bookingClaimToken(app.services.cookieSecret, booking);
    expect((await signUp(app.visitor(), email, { claim })).status).toBe(302);
    const first = await accountId(email);
    expect(await ownerOf(booking)).toBe(first);

    expect((await signUp(app.visitor(), uniqueEmail("second-claimer"), { claim })).status).toBe(302);
    const third = await backend.adminCreateUser(uniqueEmail("third-claimer"), TEST_PASSWORD);
    const visitor = app.visitor();
    const signedIn = await signIn(visitor, third.email!, { claim });
    expect(signedIn.status).toBe(302);
    expect(await ownerOf(booking)).toBe(first);
    expect(await flashAfter(visitor, signedIn)).toBeNull();
  });

  it("a forged or expired claim attaches nothing, and the sign-in still succeeds", async () => {
    const booking = await guestBooking(uniqueEmail("unclaimed"));
    const account = await backend.adminCreateUser(uniqueEmail("forger"), TEST_PASSWORD);
    const forged = bookingClaimToken("another-secret-of-at-least-32-characters", booking);
    const expired = bookingClaimToken(app.services.cookieSecret, booking, Date.now() - 2 * 60 * 60 * 1000);
    for (const claim of [forged, expired, "not-a-claim"]) {
      expect((await signIn(app.visitor(), account.email!, { claim })).location).toBe("/dashboard");
    }
    expect(await ownerOf(booking)).toBeNull();
  });
});

describe.skipIf(usingHostedBackend)("guest bookings of a proven address", () => {
  it("signing up with the booking's email joins nothing; opening the emailed reset link joins every guest booking of that address", async () => {
    const email = uniqueEmail("Proves-Later");
    const [first, second] = [await guestBooking(email.toUpperCase(), "1 First St"), await guestBooking(email, "2 Second St")];
    const someoneElses = await guestBooking(uniqueEmail("someone-else"));
    const visitor = app.visitor();

    expect(await signUp(visitor, email)).toMatchObject({ status: 302, location: "/dashboard" });
    const account = await accountId(email);
    expect([await ownerOf(first), await ownerOf(second)]).toEqual([null, null]);

    expect((await visitor.act("/?index", { intent: "forgot", email })).status).toBe(302);
    const sent = await vi.waitFor(() => {
      const recovery = backend.readOutbox().findLast((mail) => mail.to === email.toLowerCase() && mail.type === "recovery");
      if (!recovery) throw new Error("no reset email yet");
      return recovery;
    });
    const reset = await visitor.act("/reset-password", {
      intent: "reset-password",
      tokenHash: sent.tokenHash,
      password: "Proven-Owner-1",
      confirmPassword: "Proven-Owner-1",
    });
    expect(reset).toMatchObject({ status: 302, location: "/dashboard" });
    expect([await ownerOf(first), await ownerOf(second)]).toEqual([account, account]);
    expect(await ownerOf(someoneElses)).toBeNull();
    expect(await flashAfter(visitor, reset)).toMatchObject({
      title: "Password updated",
      description: expect.stringContaining("The 2 bookings made with this email"),
    });
  });

  it("claim_guest_bookings_after_password_reset joins nothing for an unconfirmed address, and never takes a booking that has an owner", async () => {
    const email = uniqueEmail("join-rules");
    const booking = await guestBooking(email);
    const account = await backend.adminCreateUser(email, TEST_PASSWORD);
    const owner = await resetLinkSession(backend, email);

    await backend.sql("update auth.users set email_confirmed_at = null where id = $1", [account.id]);
    expect((await owner.rpc("claim_guest_bookings_after_password_reset")).data).toBe(0);
    await backend.sql("update auth.users set email_confirmed_at = now() where id = $1", [account.id]);
    expect((await owner.rpc("claim_guest_bookings_after_password_reset")).data).toBe(1);
    expect(await ownerOf(booking)).toBe(account.id);
    // A booking with an owner is never taken again, even by the next account to hold the address.
    const other = await backend.adminCreateUser(uniqueEmail("next-holder"), TEST_PASSWORD);
    await backend.sql("update auth.users set email = 'moved-' || email where id = $1", [account.id]);
    await backend.sql("update auth.users set email = $2 where id = $1", [other.id, email]);
    expect((await (await resetLinkSession(backend, email)).rpc("claim_guest_bookings_after_password_reset")).data).toBe(0);
    expect(await ownerOf(booking)).toBe(account.id);
  });
});

describe.skipIf(usingHostedBackend)("with email confirmations on (the confirmation link at /auth/confirm)", () => {
  let confirming: TestBackend;
  let confirmingApp: TestApp;

  beforeAll(async () => {
    confirming = await startTestBackend({ confirmSignupLinkTemplate: "{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=email" });
    confirmingApp = await startTestApp(confirming);
  });
  afterAll(async () => {
    await confirming?.close();
  });

  it("sign-up asks to confirm, keeping where to go and the claim; the emailed link confirms and signs in, once, joining no guest booking", async () => {
    const email = uniqueEmail("confirms");
    const booking = await guestBooking(email, "7 Guest St", confirming);
    const claim = bookingClaimToken(confirmingApp.services.cookieSecret, booking);
    const visitor = confirmingApp.visitor();

    const signedUp = await visitor.act("/?index", {
      intent: "signup",
      fullName: "Cora Confirm",
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      redirectTo: "/dashboard",
      claim,
    });
    expect(signedUp.status).toBe(302);
    const loginView = new URL(signedUp.location!, "http://localhost");
    expect(Object.fromEntries(loginView.searchParams)).toEqual({ auth: "login", redirectTo: "/dashboard", email, claim });
    expect(await flashAfter(visitor, signedUp)).toMatchObject({ title: "Check your email to confirm your account" });
    expect(hasSession(visitor)).toBe(false);
    // Neither the sign-up nor the claim joined it: the address is not proven, and nobody is signed in.
    expect(await ownerOf(booking, confirming)).toBeNull();

    const sent = confirming.readOutbox().findLast((mail) => mail.to === email && mail.type === "signup")!;
    const link = new URL(sent.link);
    expect(link.pathname).toBe("/auth/confirm");
    const page = await visitor.loaderData<ConfirmPage>(`${link.pathname}${link.search}`, CONFIRM_ROUTE);
    expect(page).toEqual({
      link: { tokenHash: sent.tokenHash, type: "email", next: "" },
      address: email,
      signedInAs: null,
      here: `${link.pathname}${link.search}`,
    });
    // Opening the page spends nothing: only the button's post does.
    const confirmed = await visitor.act("/auth/confirm", { intent: "confirm-email", tokenHash: sent.tokenHash, type: "email" });
    expect(confirmed).toMatchObject({ status: 302, location: "/dashboard" });
    expect(hasSession(visitor)).toBe(true);
    // Confirming proves the inbox, not that the password is the inbox owner's: the guest booking stays unowned.
    expect(await ownerOf(booking, confirming)).toBeNull();
    expect(await flashAfter(visitor, confirmed)).toMatchObject({ title: "Email confirmed", description: `You are signed in as ${email}.` });

    const again = await confirmingApp.visitor().act("/auth/confirm", {
      intent: "confirm-email",
      tokenHash: sent.tokenHash,
      type: "email",
    });
    expect(again).toMatchObject({ status: 400, value: { error: expect.stringContaining("invalid or has expired") } });
  });

  it("'Email confirmed' reaches the page the customer ends on when the page the link names sends them on, with and without JavaScript", async () => {
    // The link names the landing page, which sends a signed-in customer on to the dashboard.
    async function confirmationLinkFor(email: string) {
      await confirmingApp.visitor().act("/?index", { intent: "signup", fullName: "Nell Next", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
      const sent = confirming.readOutbox().findLast((mail) => mail.to === email && mail.type === "signup")!;
      return { intent: "confirm-email", tokenHash: sent.tokenHash, type: "email", next: "/" };
    }

    const withoutScripts = confirmingApp.visitor();
    const page = await withoutScripts.post("/auth/confirm", await confirmationLinkFor(uniqueEmail("next-plain")), { redirect: "follow" });
    expect(new URL(page.url).pathname).toBe("/dashboard");
    expect(page.text).toContain("Email confirmed");

    const withScripts = confirmingApp.visitor();
    const confirmed = await withScripts.act("/auth/confirm", await confirmationLinkFor(uniqueEmail("next-router")));
    expect(confirmed).toMatchObject({ status: 302, location: "/" });
    const landing = await withScripts.data("/");
    expect(landing.redirect).toMatchObject({ location: "/dashboard" });
    expect(await withScripts.toast("/dashboard")).toMatchObject({ title: "Email confirmed" });
  });

  it("an attacker who signed up first with a guest's address gets none of the guest's bookings; the reset link takes the account back and joins them", async () => {
    const email = uniqueEmail("pre-hijacked");
    const booking = await guestBooking(email, "7 Victim St", confirming);
    const attackersPassword = "Attacker-Owns-1";

    // The attacker signs up first, with the victim's address and a password of their own.
    const attacker = confirmingApp.visitor();
    const signedUp = await attacker.act("/?index", {
      intent: "signup",
      fullName: "Mallory",
      email,
      password: attackersPassword,
      confirmPassword: attackersPassword,
    });
    expect(signedUp.status).toBe(302);
    const account = await accountId(email, confirming);

    // The victim presses the confirmation link that reached their inbox: signed in, but nothing joins.
    const victim = confirmingApp.visitor();
    const sent = confirming.readOutbox().findLast((mail) => mail.to === email && mail.type === "signup")!;
    const confirmed = await victim.act("/auth/confirm", { intent: "confirm-email", tokenHash: sent.tokenHash, type: "signup" });
    expect(confirmed).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await ownerOf(booking, confirming)).toBeNull();
    expect(await flashAfter(victim, confirmed)).toMatchObject({ title: "Email confirmed" });

    // The attacker signs in with their password and finds none of the victim's bookings.
    expect(await attacker.act("/?index", { intent: "login", email, password: attackersPassword, redirectTo: "/dashboard" })).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    expect(await ownerOf(booking, confirming)).toBeNull();

    // The victim asks for the link from the dashboard (the reset form with their own address) and sets a new password.
    expect(await victim.act("/?index", { intent: "forgot", email, redirectTo: "/dashboard" })).toMatchObject({
      status: 302,
      location: "/dashboard",
    });
    const recovery = await vi.waitFor(() => {
      const mail = confirming.readOutbox().findLast((each) => each.to === email && each.type === "recovery");
      if (!mail) throw new Error("no reset email yet");
      return mail;
    });
    const reset = await victim.act("/reset-password", {
      intent: "reset-password",
      tokenHash: recovery.tokenHash,
      password: "Victim-Again-1",
      confirmPassword: "Victim-Again-1",
    });
    expect(reset).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await ownerOf(booking, confirming)).toBe(account);
    expect(await flashAfter(victim, reset)).toMatchObject({ description: expect.stringContaining("The booking made with this email") });

    // The attacker's session has ended and their password no longer signs in.
    expect((await attacker.get("/")).status).toBe(200);
    const again = await confirmingApp.visitor().act("/?index", { intent: "login", email, password: attackersPassword });
    expect(again.status).toBe(400);
  });

  it("claim_guest_bookings_after_password_reset needs the caller's session to come from an emailed link and be the account's only one", async () => {
    const email = uniqueEmail("join-proof");
    const booking = await guestBooking(email, "9 Proof St", confirming);
    const account = await confirming.adminCreateUser(email, TEST_PASSWORD);
    const join = (client: ReturnType<TestBackend["createClient"]>) => client.rpc("claim_guest_bookings_after_password_reset");

    // Nobody, a password sign-in, and the service role: refused.
    expect((await join(confirming.createClient())).error?.code).toBe("42501");
    const byPassword = confirming.createClient();
    expect((await byPassword.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await join(byPassword)).error?.code).toBe("42501");
    expect((await join(confirming.createClient({ key: "service_role" }))).error?.code).toBe("42501");
    expect(
      (await confirming.createClient({ key: "service_role" }).rpc("claim_guest_bookings_of_confirmed_email", { _user_id: account.id })).error,
    ).not.toBeNull();

    // A reset link's session while the password sign-in still has one of its own: refused.
    await confirmingApp.visitor().act("/?index", { intent: "forgot", email });
    const recovery = await vi.waitFor(() => {
      const mail = confirming.readOutbox().findLast((each) => each.to === email && each.type === "recovery");
      if (!mail) throw new Error("no reset email yet");
      return mail;
    });
    const byLink = confirming.createClient();
    expect((await byLink.auth.verifyOtp({ type: "recovery", token_hash: recovery.tokenHash })).error).toBeNull();
    expect((await join(byLink)).error?.code).toBe("42501");
    expect(await ownerOf(booking, confirming)).toBeNull();

    // Once its new password has ended every other session: joined.
    expect((await byLink.auth.updateUser({ password: "Proven-Owner-2" })).error).toBeNull();
    expect((await join(byLink)).data).toBe(1);
    expect(await ownerOf(booking, confirming)).toBe(account.id);
  });

  it("the link may name where to go next, on this site only; a link of another type shows the error", async () => {
    const email = uniqueEmail("confirms-next");
    const visitor = confirmingApp.visitor();
    await visitor.act("/?index", { intent: "signup", fullName: "Nat Next", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    const sent = confirming.readOutbox().findLast((mail) => mail.to === email)!;
    expect(await visitor.loaderData<ConfirmPage>(`/auth/confirm?token_hash=${sent.tokenHash}&type=recovery`, CONFIRM_ROUTE)).toEqual({
      link: null,
      address: null,
      signedInAs: null,
      here: expect.any(String),
    });
    expect(await visitor.loaderData<ConfirmPage>(`/auth/confirm?token_hash=${sent.tokenHash}&type=signup&next=//evil.example`, CONFIRM_ROUTE)).toEqual({
      link: { tokenHash: sent.tokenHash, type: "signup", next: "" },
      address: email,
      signedInAs: null,
      here: expect.any(String),
    });
    const confirmed = await visitor.act("/auth/confirm", { intent: "confirm-email", tokenHash: sent.tokenHash, type: "signup", next: "/book" });
    expect(confirmed).toMatchObject({ status: 302, location: "/book" });
  });
});

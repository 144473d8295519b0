import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tooManyAttemptsMessage } from "../../app/services/rate-limit.server.ts";
import { startTestStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { createAccount, startTestApp, type Account, type RouteOutcome, type TestApp, type Visitor } from "./support/app-client.ts";
import { TEST_PASSWORD } from "./support/app-harness.ts";
import { crewsToSpare } from "./support/crews.ts";
import { openStep, stepPath, type WizardPage } from "./support/wizard.ts";
import type { WizardStep } from "../../app/domain/booking-wizard.ts";

// The booking wizard's draft as visitors of one browser leave it to each other: it belongs to the
// account (or the guest) that started it, a finished draft (its booking paid or cancelled) is not
// continued, a link's pre-selections are only shown until the visitor posts, and new drafts and Pay
// presses are limited per address and per user. Every request goes through the app's request handler
// with the browser's cookies, against the embedded Supabase and Stripe.

let backend: TestBackend;
let stripe: TestStripe;

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  await crewsToSpare((await startApp()).serviceRole);
});

afterAll(async () => {
  await Promise.all([backend?.close(), stripe?.close()]);
});

/** The app as a server starts it; a test that counts limits gets its own, as a fresh server would. */
function startApp(bookingActionsPerMinute = 1000): Promise<TestApp> {
  return startTestApp(backend, {
    bookingActionsPerMinute,
    stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test_drafts", fetch: stripe.emulator?.fetch },
  });
}

/** A move date three weeks ahead: far enough to be cancelled by the customer. */
function moveDate(): string {
  return new Date(Date.now() + 21 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

interface Answers {
  fullName: string;
  email: string;
  phone: string;
  fromAddress: string;
  toAddress: string;
  specialInstructions?: string;
}

/** Posts a step's form as the page's router does. */
function postStep(browser: Visitor, step: WizardStep, form: Record<string, string>, search = "") {
  return browser.act(stepPath(step, search), { intent: "continue", ...form });
}

/** Answers every step as the forms post them, up to the add-ons step. */
async function answerSteps(browser: Visitor, answers: Answers) {
  const answered = [
    await postStep(browser, "contact", { fullName: answers.fullName, email: answers.email, phone: answers.phone }),
    await postStep(browser, "details", {
      date: moveDate(),
      time: "10:00",
      fromAddress: answers.fromAddress,
      toAddress: answers.toAddress,
      propertySize: "2_bedroom",
    }),
    await postStep(browser, "team", { teamType: "elite" }),
    await postStep(browser, "service", { serviceType: "local" }),
  ];
  expect(answered.map((answer) => answer.location)).toEqual(["/book/details", "/book/team", "/book/service", "/book/addons"]);
}

/** Answers the add-ons step as its form posts it: Continue leads to the review. */
async function continueToReview(browser: Visitor, answers: Partial<Answers> = {}, search = "") {
  const answer = await postStep(
    browser,
    "addons",
    { extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0", specialInstructions: answers.specialInstructions ?? "" },
    search,
  );
  expect(answer.location).toBe("/book/review");
}

/** Presses Pay on the review, as that page's form posts it. */
function pressPayOnReview(browser: Visitor, search = "") {
  return browser.act(stepPath("review", search), { intent: "pay", attempt: crypto.randomUUID() });
}

/** Continues from the add-ons step to the review and presses Pay there. */
async function pressPay(browser: Visitor, answers: Partial<Answers> = {}) {
  await continueToReview(browser, answers);
  return pressPayOnReview(browser);
}

/** Signs in through the landing page's login form. */
async function signIn(browser: Visitor, account: Account) {
  const answer = await browser.post("/?index", { intent: "login", email: account.email, password: account.password, redirectTo: "" });
  expect(answer.status, "signed in").toBe(302);
}

/** Signs out through the frame's sign-out form. */
async function signOut(browser: Visitor) {
  expect((await browser.post("/logout", {})).status).toBe(302);
}

/** What the wizard shows: the draft the loader rendered. */
function shownDraft(answer: RouteOutcome<WizardPage>): Record<string, unknown> {
  expect(answer.status, `the step was rendered, not redirected to ${answer.location}`).toBe(200);
  return answer.value.draft;
}

/** The form-level errors and the values a refused post sends back to the form. */
function formReply(answer: RouteOutcome): { errors: string[]; values: Record<string, unknown> } {
  const { result } = answer.value as { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };
  return { errors: result.error?.[""] ?? [], values: result.initialValue ?? {} };
}

/** The limit's message, once, with a wait within the minute the allowance is counted over. */
function expectWaitMessage(errors: string[]) {
  expect(errors).toHaveLength(1);
  const seconds = Number(/(\d+) seconds?/.exec(errors[0]!)?.[1]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(errors[0]).toBe(tooManyAttemptsMessage(seconds));
}

async function bookingsWhere(column: "user_id" | "email", value: string) {
  return backend.sql<{
    id: string;
    user_id: string | null;
    full_name: string;
    email: string;
    moving_from: string;
    status: string;
    stripe_checkout_session_id: string | null;
    updated_at: Date;
  }>(
    `select id, user_id, full_name, email, moving_from, status, stripe_checkout_session_id, updated_at from public.bookings where ${column} = $1 order by created_at`,
    [value],
  );
}

async function draftsOf(userId: string) {
  return backend.sql<{ data: Record<string, unknown> }>("select data from public.booking_drafts where user_id = $1", [userId]);
}

/** The id of the draft the browser's cookie names, or null. */
async function cookieDraftId(app: TestApp, browser: Visitor): Promise<string | null> {
  const cookie = browser.cookies().get("booking_draft");
  return cookie ? ((await app.services.draftCookie.parse(`booking_draft=${cookie}`)) as string) : null;
}

/** The draft the browser's cookie names, as stored. */
async function draftRow(app: TestApp, browser: Visitor) {
  const id = await cookieDraftId(app, browser);
  if (!id) return null;
  const [row] = await backend.sql<{ data: Record<string, unknown>; updated_at: Date; user_id: string | null }>(
    "select data, updated_at, user_id from public.booking_drafts where id = $1",
    [id],
  );
  return row ?? null;
}

const ada: Omit<Answers, "email"> = { fullName: "Ada Alpha", phone: "(404) 555-0101", fromAddress: "1 Alpha St, Atlanta", toAddress: "2 Alpha Ave, Atlanta" };
const ben: Omit<Answers, "email"> = { fullName: "Ben Beta", phone: "(404) 555-0202", fromAddress: "3 Beta St, Atlanta", toAddress: "4 Beta Ave, Atlanta" };

describe.skipIf(usingHostedBackend)("a draft belongs to whoever started it", () => {
  it("A pays, leaves Checkout and signs out; B on the same browser starts afresh and pays for B's own booking", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const [a, b] = await Promise.all([
      createAccount(app, "customer", { label: "ada", fullName: ada.fullName }),
      createAccount(app, "customer", { label: "ben", fullName: ben.fullName }),
    ]);

    await signIn(browser, a);
    await answerSteps(browser, { ...ada, email: a.email });
    const aPay = await pressPay(browser);
    expect(aPay.status).toBe(303);
    const [aBooking] = await bookingsWhere("user_id", a.id);
    expect(aBooking).toMatchObject({ full_name: ada.fullName, email: a.email, moving_from: ada.fromAddress });
    expect(aBooking!.stripe_checkout_session_id).not.toBeNull();
    // A leaves Checkout without paying and comes back: A's answers are still there for A.
    expect(shownDraft(await openStep(browser, "addons"))).toMatchObject({ fullName: ada.fullName, fromAddress: ada.fromAddress });
    await signOut(browser);

    await signIn(browser, b);
    const shown = shownDraft(await openStep(browser, "contact"));
    expect(shown).toEqual({ fullName: ben.fullName, email: b.email });
    // A's answers are not reachable further on either: the wizard sends B back to the first step.
    expect((await openStep(browser, "addons")).location).toBe("/book");

    await answerSteps(browser, { ...ben, email: b.email });
    const bPay = await pressPay(browser);
    expect(bPay.status).toBe(303);
    expect(bPay.location).not.toBe(aPay.location);

    const [bBooking] = await bookingsWhere("user_id", b.id);
    expect(bBooking).toMatchObject({ full_name: ben.fullName, email: b.email, moving_from: ben.fromAddress, status: "pending" });
    expect(bBooking!.id).not.toBe(aBooking!.id);
    const bSession = await stripe.stripe.checkout.sessions.retrieve(bBooking!.stripe_checkout_session_id!);
    expect(bSession.metadata?.booking_id).toBe(bBooking!.id);
    expect(bPay.location).toBe(bSession.url);
    // A's booking is as A left it, and still A's; so is A's draft.
    expect(await bookingsWhere("user_id", a.id)).toEqual([aBooking]);
    expect(await draftsOf(a.id)).toEqual([{ data: expect.objectContaining({ fullName: ada.fullName, fromAddress: ada.fromAddress }) }]);
  });

  it("signing out forgets the draft: the next visitor as a guest sees an empty wizard", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const a = await createAccount(app, "customer", { label: "ada-out", fullName: ada.fullName });
    await signIn(browser, a);
    await postStep(browser, "contact", { fullName: ada.fullName, email: a.email, phone: ada.phone });
    await signOut(browser);
    expect([...browser.cookies().keys()]).not.toContain("booking_draft");
    expect(shownDraft(await openStep(browser, "contact"))).toEqual({});
  });

  it("a guest's unpaid booking is not claimed by the customer who signs in next", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const guestEmail = uniqueEmail("guest");
    await answerSteps(browser, { ...ada, email: guestEmail });
    expect((await pressPay(browser)).status).toBe(303);
    const [guestBooking] = await bookingsWhere("email", guestEmail);
    expect(guestBooking).toMatchObject({ user_id: null, full_name: ada.fullName });

    const b = await createAccount(app, "customer", { label: "ben-after-guest", fullName: ben.fullName });
    await signIn(browser, b);
    expect(shownDraft(await openStep(browser, "contact"))).toEqual({ fullName: ben.fullName, email: b.email });
    await answerSteps(browser, { ...ben, email: b.email });
    expect((await pressPay(browser)).status).toBe(303);

    expect(await bookingsWhere("email", guestEmail)).toEqual([guestBooking]);
    expect(await bookingsWhere("user_id", b.id)).toEqual([expect.objectContaining({ full_name: ben.fullName, email: b.email })]);
  });

  it("the database keeps a booking's and a draft's owner: it may only be forgotten with the account", async () => {
    const app = await startApp();
    const [a, b] = await Promise.all([
      createAccount(app, "customer", { label: "owner-a", fullName: ada.fullName }),
      createAccount(app, "customer", { label: "owner-b", fullName: ben.fullName }),
    ]);
    const browser = app.visitor();
    await signIn(browser, a);
    await answerSteps(browser, { ...ada, email: a.email });
    expect((await pressPay(browser)).status).toBe(303);
    const [booking] = await bookingsWhere("user_id", a.id);

    const service = backend.createClient({ key: "service_role" });
    const movedBooking = await service.from("bookings").update({ user_id: b.id }).eq("id", booking!.id);
    expect(movedBooking.error?.message).toMatch(/owner/);
    const movedDraft = await service.from("booking_drafts").update({ user_id: b.id }).eq("user_id", a.id).select("id");
    expect(movedDraft.error?.message).toMatch(/owner/);
    const guestBooking = await service.from("bookings").update({ user_id: null }).eq("id", booking!.id);
    expect(guestBooking.error?.message).toMatch(/owner/);
    expect(await bookingsWhere("user_id", a.id)).toEqual([booking]);

    // Deleting the account forgets it on its bookings (and deletes its drafts).
    expect((await service.auth.admin.deleteUser(a.id)).error).toBeNull();
    expect((await backend.sql("select user_id from public.bookings where id = $1", [booking!.id]))[0]).toEqual({ user_id: null });
  });
});

describe.skipIf(usingHostedBackend)("a guest's booking joining an account", () => {
  it("happens once, through claim_guest_booking, which only the service role may call", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const guestEmail = uniqueEmail("claimed-guest");
    await answerSteps(browser, { ...ada, email: guestEmail });
    expect((await pressPay(browser)).status).toBe(303);
    const [guestBooking] = await bookingsWhere("email", guestEmail);
    const [a, b] = await Promise.all([
      createAccount(app, "customer", { label: "claimer-a", fullName: ada.fullName }),
      createAccount(app, "customer", { label: "claimer-b", fullName: ben.fullName }),
    ]);

    // A customer cannot call it, even for themselves.
    const customer = backend.createClient();
    expect((await customer.auth.signInWithPassword({ email: a.email, password: TEST_PASSWORD })).error).toBeNull();
    const refused = await customer.rpc("claim_guest_booking", { _booking_id: guestBooking!.id, _user_id: a.id });
    expect(refused.error?.code).toBe("42501");

    const service = backend.createClient({ key: "service_role" });
    expect((await service.rpc("claim_guest_booking", { _booking_id: guestBooking!.id, _user_id: a.id })).data).toBe(true);
    // Once owned, never claimed again, and no other change of owner gets through.
    expect((await service.rpc("claim_guest_booking", { _booking_id: guestBooking!.id, _user_id: b.id })).data).toBe(false);
    expect((await service.from("bookings").update({ user_id: b.id }).eq("id", guestBooking!.id)).error?.message).toMatch(/owner/);
    expect(await bookingsWhere("email", guestEmail)).toEqual([{ ...guestBooking, user_id: a.id, updated_at: expect.anything() }]);
  });
});

describe.skipIf(usingHostedBackend)("a draft whose booking is cancelled is finished", () => {
  it("after cancelling, the wizard starts a new draft and Pay makes a new booking and session; the cancelled one is untouched", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const a = await createAccount(app, "customer", { label: "cancels", fullName: ada.fullName });
    await signIn(browser, a);
    await answerSteps(browser, { ...ada, email: a.email });
    expect((await pressPay(browser)).status).toBe(303);
    const [first] = await bookingsWhere("user_id", a.id);

    const customer = backend.createClient();
    expect((await customer.auth.signInWithPassword({ email: a.email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await customer.rpc("cancel_my_booking", { _booking_id: first!.id })).error).toBeNull();
    const [cancelled] = await bookingsWhere("user_id", a.id);
    expect(cancelled).toMatchObject({ status: "cancelled" });

    // The review left open before the cancellation: Pay there pays nothing and starts over.
    const stalePay = await pressPayOnReview(browser);
    expect(stalePay).toMatchObject({ status: 302, location: "/book" });
    expect(await bookingsWhere("user_id", a.id)).toEqual([cancelled]);

    expect((await openStep(browser, "review")).location).toBe("/book");
    // A new draft: the account's name and email, none of the cancelled move's answers.
    const shown = shownDraft(await openStep(browser, "contact"));
    expect(shown).toMatchObject({ fullName: ada.fullName, email: a.email });
    for (const answer of ["phone", "date", "fromAddress", "toAddress", "teamType", "serviceType"]) expect(shown).not.toHaveProperty(answer);
    await answerSteps(browser, { ...ada, email: a.email });
    const pay = await pressPay(browser);
    expect(pay.status).toBe(303);

    const bookings = await bookingsWhere("user_id", a.id);
    expect(bookings).toHaveLength(2);
    expect(bookings[0]).toEqual(cancelled);
    const fresh = bookings[1]!;
    expect(fresh).toMatchObject({ status: "pending" });
    expect(fresh.stripe_checkout_session_id).not.toBe(cancelled!.stripe_checkout_session_id);
    const session = await stripe.stripe.checkout.sessions.retrieve(fresh.stripe_checkout_session_id!);
    expect(session).toMatchObject({ status: "open", metadata: { booking_id: fresh.id } });
    expect(pay.location).toBe(session.url);
  });
});

describe.skipIf(usingHostedBackend)("a link's pre-selections", () => {
  it("are shown without changing the visitor's draft; posting the step keeps them", async () => {
    const app = await startApp();
    const browser = app.visitor();
    await answerSteps(browser, { ...ada, email: uniqueEmail("preselect") });
    const before = await draftRow(app, browser);
    expect(before?.data).toMatchObject({ teamType: "elite", serviceType: "local" });

    const shown = shownDraft(await openStep(browser, "addons", "?team=luxury&extraMovers=6"));
    expect(shown).toMatchObject({ teamType: "luxury", extraMovers: 6, fullName: ada.fullName });
    expect(await draftRow(app, browser)).toEqual(before);

    // The form posts to the address it was shown at: the pre-selections are saved with the step.
    const answer = await postStep(browser, "team", { teamType: "luxury" }, "?service=commercial");
    expect(answer.location).toBe("/book/service");
    expect((await draftRow(app, browser))?.data).toMatchObject({ teamType: "luxury", serviceType: "commercial", fullName: ada.fullName });
  });

  it("make no draft for a visitor who has none, and are kept through the first step", async () => {
    const app = await startApp();
    const browser = app.visitor();
    // A step not reached yet sends the visitor to the first one, pre-selections and all.
    expect((await openStep(browser, "addons", "?team=luxury&from=dashboard")).location).toBe("/book?team=luxury&from=dashboard");
    expect(shownDraft(await openStep(browser, "contact", "?team=luxury&from=dashboard"))).toEqual({ teamType: "luxury", entry: "dashboard" });
    expect(browser.cookies().has("booking_draft")).toBe(false);

    const contact = { fullName: ben.fullName, email: uniqueEmail("first-step"), phone: ben.phone };
    expect((await postStep(browser, "contact", contact, "?team=luxury&from=dashboard")).location).toBe("/book/details");
    expect((await draftRow(app, browser))?.data).toEqual({ ...contact, teamType: "luxury", entry: "dashboard" });
  });
});

describe.skipIf(usingHostedBackend)("limits on new drafts and on Pay", () => {
  it("counts only new drafts per address: saving answers to one's draft is not limited", async () => {
    const app = await startApp(2);
    const contact = { fullName: ben.fullName, email: uniqueEmail("limits"), phone: ben.phone };
    const returning = app.visitor({ clientIp: "10.1.0.1" });
    for (let save = 0; save < 4; save++) expect((await postStep(returning, "contact", contact)).location).toBe("/book/details");

    expect((await postStep(app.visitor({ clientIp: "10.1.0.1" }), "contact", contact)).status).toBe(302);
    const refused = await postStep(app.visitor({ clientIp: "10.1.0.1" }), "contact", contact);
    expect(refused.status).toBe(429);
    const reply = formReply(refused);
    expectWaitMessage(reply.errors);
    expect(reply.values).toMatchObject(contact);
    // Another address is not held by this one's limit.
    expect((await postStep(app.visitor({ clientIp: "10.1.0.2" }), "contact", contact)).status).toBe(302);
  });

  it("limits Pay per address, keeping every answer, and per user across addresses", async () => {
    const app = await startApp(2);
    const guest = app.visitor({ clientIp: "10.2.0.1" });
    await answerSteps(guest, { ...ada, email: uniqueEmail("pay-limit") });
    expect((await pressPay(guest)).status).toBe(303);
    expect((await pressPay(guest)).status).toBe(303);
    const refused = await pressPay(guest, { specialInstructions: "Piano on the third floor" });
    expect(refused.status).toBe(429);
    expect((refused.value as { step: string }).step).toBe("review");
    expectWaitMessage(formReply(refused).errors);
    // The review shows the refusal above the answers, which the add-ons step saved before it.
    expect(shownDraft(await openStep(guest, "review"))).toMatchObject({ specialInstructions: "Piano on the third floor", fullName: ada.fullName });

    const customer = await createAccount(app, "customer", { label: "pay-limit-user", fullName: ben.fullName });
    const phone = app.visitor({ clientIp: "10.2.0.2" });
    const laptop = app.visitor({ clientIp: "10.2.0.3" });
    for (const browser of [phone, laptop]) {
      await signIn(browser, customer);
      await answerSteps(browser, { ...ben, email: customer.email });
    }
    expect((await pressPay(phone)).status).toBe(303);
    expect((await pressPay(phone)).status).toBe(303);
    expect((await pressPay(laptop)).status).toBe(429);
  });
});

describe.skipIf(usingHostedBackend)("a guest's draft joining the account that signs up or in from the wizard", () => {
  function signUpThere(browser: Visitor, email: string, fullName: string, redirectTo: string) {
    return browser.post("/?index", { intent: "signup", fullName, email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, redirectTo });
  }

  function signInThere(browser: Visitor, account: Account, redirectTo: string) {
    return browser.post("/?index", { intent: "login", email: account.email, password: account.password, redirectTo });
  }

  it("signing up from a step comes back to it, signed in, with every answer kept in a draft that is now the account's", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const email = uniqueEmail("wizard-signup");
    await postStep(browser, "contact", { fullName: ada.fullName, email, phone: ada.phone }, "?tvMounting=2");
    await answerSteps(browser, { ...ada, email });
    const asGuest = shownDraft(await openStep(browser, "addons"));
    expect((await draftRow(app, browser))?.user_id).toBeNull();

    const signedUp = await signUpThere(browser, email, ada.fullName, "/book/addons");
    expect(signedUp).toMatchObject({ status: 302, location: "/book/addons" });
    const [account] = await backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
    expect(await draftRow(app, browser)).toMatchObject({ user_id: account!.id, data: expect.objectContaining({ tvMounting: 2 }) });
    const shown = shownDraft(await openStep(browser, "addons"));
    expect(shown).toEqual(asGuest);
    expect(shown).toMatchObject({
      fullName: ada.fullName,
      email,
      phone: ada.phone,
      fromAddress: ada.fromAddress,
      teamType: "elite",
      serviceType: "local",
      tvMounting: 2,
    });
  });

  it("signing in from a step brings the unpaid booking saved from the draft along: Pay there pays that booking", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const account = await createAccount(app, "customer", { label: "wizard-signin", fullName: ben.fullName });
    await answerSteps(browser, { ...ben, email: account.email });
    expect((await pressPay(browser)).status).toBe(303);
    const [guestBooking] = await bookingsWhere("email", account.email);
    expect(guestBooking).toMatchObject({ user_id: null });

    // Back from Checkout without paying, the guest signs in from the contact step.
    expect(await signInThere(browser, account, "/book")).toMatchObject({ status: 302, location: "/book" });
    expect((await draftRow(app, browser))?.user_id).toBe(account.id);
    expect(shownDraft(await openStep(browser, "addons"))).toMatchObject({ fullName: ben.fullName, fromAddress: ben.fromAddress });
    expect((await pressPay(browser)).status).toBe(303);
    expect(await bookingsWhere("user_id", account.id)).toEqual([expect.objectContaining({ id: guestBooking!.id, status: "pending" })]);
  });

  it("signing in from a step adopts only a draft made with the account's email: another address's draft and its unpaid booking stay the guest's", async () => {
    const app = await startApp();
    const account = await createAccount(app, "customer", { label: "wizard-match", fullName: ben.fullName });

    // The draft's address is someone else's: the account starts its own draft, and the guest's unpaid booking stays unowned.
    const browser = app.visitor();
    const someoneElse = uniqueEmail("someone-elses-move");
    await answerSteps(browser, { ...ada, email: someoneElse });
    expect((await pressPay(browser)).status).toBe(303);
    const guestDraft = await cookieDraftId(app, browser);
    expect(await signInThere(browser, account, "/book/addons")).toMatchObject({ status: 302, location: "/book/addons" });
    expect((await backend.sql<{ user_id: string | null }>("select user_id from public.booking_drafts where id = $1", [guestDraft]))[0]?.user_id).toBeNull();
    expect(await bookingsWhere("email", someoneElse)).toEqual([expect.objectContaining({ user_id: null })]);
    expect(await draftsOf(account.id)).toEqual([]);
    expect((await openStep(browser, "addons")).location).toBe("/book");
    expect(shownDraft(await openStep(browser, "contact"))).toEqual({ fullName: ben.fullName, email: account.email });

    // The same address, typed in other case and with spaces: adopted, with its unpaid booking.
    const matching = app.visitor();
    await answerSteps(matching, { ...ben, email: `  ${account.email.toUpperCase()} ` });
    expect((await pressPay(matching)).status).toBe(303);
    expect(await signInThere(matching, account, "/book/addons")).toMatchObject({ status: 302, location: "/book/addons" });
    expect((await draftRow(app, matching))?.user_id).toBe(account.id);
    expect(await bookingsWhere("user_id", account.id)).toEqual([expect.objectContaining({ full_name: ben.fullName, status: "pending" })]);
  });

  it.each([
    ["anywhere else", ""],
    ["the dashboard", "/dashboard"],
    ["a wizard address that is not a step", "/book/photos"],
  ])("signing in from %s leaves the guest's draft alone", async (_where, redirectTo) => {
    const app = await startApp();
    const browser = app.visitor();
    const account = await createAccount(app, "customer", { label: "elsewhere", fullName: ben.fullName });
    await answerSteps(browser, { ...ada, email: uniqueEmail("left-alone") });
    expect((await signInThere(browser, account, redirectTo)).status).toBe(302);
    expect((await draftRow(app, browser))?.user_id).toBeNull();
    expect(shownDraft(await openStep(browser, "contact"))).toEqual({ fullName: ben.fullName, email: account.email });
  });

  it("a draft that has an owner is never adopted: the next account signing in from the wizard starts its own", async () => {
    const app = await startApp();
    const browser = app.visitor();
    const [a, b] = await Promise.all([
      createAccount(app, "customer", { label: "owned-a", fullName: ada.fullName }),
      createAccount(app, "customer", { label: "owned-b", fullName: ben.fullName }),
    ]);
    await signIn(browser, a);
    await answerSteps(browser, { ...ada, email: a.email });
    // B signs in on the same browser without A signing out, from the wizard.
    expect(await signInThere(browser, b, "/book/addons")).toMatchObject({ status: 302, location: "/book/addons" });
    expect((await draftRow(app, browser))?.user_id).toBe(a.id);
    expect((await openStep(browser, "addons")).location).toBe("/book");
    expect(shownDraft(await openStep(browser, "contact"))).toEqual({ fullName: ben.fullName, email: b.email });
    expect(await draftsOf(a.id)).toEqual([{ data: expect.objectContaining({ fullName: ada.fullName, fromAddress: ada.fromAddress }) }]);
  });

  it("adopt_guest_draft takes only a guest's recent draft made with the account's email whose booking is unpaid, and only the service role may call it", async () => {
    const app = await startApp();
    const [a, b] = await Promise.all([
      createAccount(app, "customer", { label: "adopt-a", fullName: ada.fullName }),
      createAccount(app, "customer", { label: "adopt-b", fullName: ben.fullName }),
    ]);
    const service = backend.createClient({ key: "service_role" });
    const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
    const adopt = (draftId: string, userId: string, changedSince = since) =>
      service.rpc("adopt_guest_draft", { _draft_id: draftId, _user_id: userId, _changed_since: changedSince });

    const paidBrowser = app.visitor();
    await answerSteps(paidBrowser, { ...ada, email: a.email });
    expect((await pressPay(paidBrowser)).status).toBe(303);
    const paidDraft = (await cookieDraftId(app, paidBrowser))!;
    await backend.sql("update public.bookings set deposit_status = 'paid', deposit_paid_at = now() where draft_id = $1", [paidDraft]);
    expect((await adopt(paidDraft, a.id)).data).toBe(false);

    const browser = app.visitor();
    await answerSteps(browser, { ...ada, email: a.email });
    const draft = (await cookieDraftId(app, browser))!;
    // Not by a customer, nor by a guest.
    const customer = backend.createClient();
    expect((await customer.auth.signInWithPassword({ email: a.email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await customer.rpc("adopt_guest_draft", { _draft_id: draft, _user_id: a.id, _changed_since: since })).error?.code).toBe("42501");
    expect((await backend.createClient().rpc("adopt_guest_draft", { _draft_id: draft, _user_id: a.id, _changed_since: since })).error?.code).toBe("42501");
    // Not a draft older than asked for.
    expect((await adopt(draft, a.id, new Date(Date.now() + 60_000).toISOString())).data).toBe(false);

    // Not by an account whose email is not the draft's.
    expect((await adopt(draft, b.id)).data).toBe(false);
    expect((await adopt(draft, a.id)).data).toBe(true);
    // Once owned, never again: not by another account, and no plain update gets through either.
    expect((await adopt(draft, b.id)).data).toBe(false);
    expect((await service.from("booking_drafts").update({ user_id: b.id }).eq("id", draft)).error?.message).toMatch(/owner/);
    expect((await backend.sql<{ user_id: string }>("select user_id from public.booking_drafts where id = $1", [draft]))[0]?.user_id).toBe(a.id);
    expect((await adopt(randomUUID(), a.id)).data).toBe(false);
  });
});

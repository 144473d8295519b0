import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WizardStep } from "../../app/domain/booking-wizard.ts";
import { startTestStripe, type TestStripe } from "../../emulators/stripe/testing/index.ts";
import { startTestBackend, uniqueEmail, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startTestApp, type RouteOutcome, type TestApp, type Visitor } from "./support/app-client.ts";
import { openStep, stepPath, type WizardPage } from "./support/wizard.ts";

// The wizard's last step, 'Review and pay', as a browser without JavaScript meets it: reached only
// with every answer given, an Edit link's step coming back to it, and Pay there alone, priced from
// the draft as saved. Every request goes through the app's request handler with the browser's cookies.

let backend: TestBackend;
let stripe: TestStripe;
let app: TestApp;

beforeAll(async () => {
  [backend, stripe] = await Promise.all([startTestBackend(), startTestStripe()]);
  app = await startTestApp(backend, {
    bookingActionsPerMinute: 1000,
    stripe: { secretKey: stripe.secretKey, webhookSecret: "whsec_test_review", fetch: stripe.emulator?.fetch },
  });
});

afterAll(async () => {
  await Promise.all([backend?.close(), stripe?.close()]);
});

/** A step's form posted as a browser without JavaScript posts it: the answer is the page or a redirect. */
const post = (browser: Visitor, step: WizardStep, form: Record<string, string>, search = "") => browser.post(stepPath(step, search), form);

/** A move date three weeks ahead. */
const moveDate = () => new Date(Date.now() + 21 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const NO_ADDONS = { extraMovers: "0", tvMounting: "0", deepCleaningBedrooms: "0" };

/** Every answer step, as the forms post them: an elite local move of a 2-bedroom home. */
async function answerEveryStep(browser: Visitor, email: string, addons: Record<string, string> = NO_ADDONS) {
  const locations = [
    await post(browser, "contact", { intent: "continue", fullName: "Rae Review", email, phone: "(404) 555-0166" }),
    await post(browser, "details", {
      intent: "continue",
      date: moveDate(),
      time: "12:00",
      fromAddress: "5 Review Rd, Atlanta",
      toAddress: "6 Summary St, Atlanta",
      propertySize: "2_bedroom",
    }),
    await post(browser, "team", { intent: "continue", teamType: "elite" }),
    await post(browser, "service", { intent: "continue", serviceType: "local" }),
    await post(browser, "addons", { intent: "continue", ...addons }),
  ].map((answer) => answer.location);
  expect(locations).toEqual(["/book/details", "/book/team", "/book/service", "/book/addons", "/book/review"]);
}

function shown(answer: RouteOutcome<WizardPage>) {
  expect(answer.status, `the step was rendered, not redirected to ${answer.location}`).toBe(200);
  return answer.value;
}

async function bookingsOf(email: string) {
  return backend.sql<{ estimated_cost_cents: number; packing_service: boolean; extra_movers: number }>(
    "select estimated_cost_cents, packing_service, extra_movers from public.bookings where email = $1",
    [email],
  );
}

describe.skipIf(usingHostedBackend)("the review step", () => {
  it("is reached only once every answer step is complete; before that, the first step missing something opens", async () => {
    const browser = app.visitor();
    expect((await openStep(browser, "review")).location).toBe("/book");
    await post(browser, "contact", { intent: "continue", fullName: "Rae Review", email: uniqueEmail("review-gate"), phone: "(404) 555-0166" });
    expect((await openStep(browser, "review")).location).toBe("/book/details");
    // Pay posted to the review all the same (a crafted request) books nothing and asks for the missing step.
    expect(await post(browser, "review", { intent: "pay", attempt: "crafted" })).toMatchObject({ status: 302, location: "/book/details" });
  });

  it("shows the saved answers and the cancellation terms, and prices Pay from the saved draft", async () => {
    const browser = app.visitor();
    const email = uniqueEmail("review-pay");
    await answerEveryStep(browser, email, { ...NO_ADDONS, packingService: "on", extraMovers: "2" });
    const review = shown(await openStep(browser, "review"));
    expect(review.step).toBe("review");
    expect(review.draft).toMatchObject({ fullName: "Rae Review", time: "12:00", packingService: true, extraMovers: 2 });
    expect(review.cancellation[0]).toMatch(
      /^You can reschedule or cancel online from the link in your confirmation email until .+, 48 hours before your move\. /,
    );
    expect(review.cancellation[1]).toMatch(/^The \$50 deposit is applied to your final bill\./);
    expect(await bookingsOf(email)).toEqual([]);

    const pay = await post(browser, "review", { intent: "pay", attempt: crypto.randomUUID() });
    expect(pay.status).toBe(303);
    // 6 hours at $150, the $100 truck fee, $120 packing and 2 extra movers at $35.
    expect(await bookingsOf(email)).toEqual([{ estimated_cost_cents: (6 * 150 + 100 + 120 + 2 * 35) * 100, packing_service: true, extra_movers: 2 }]);
  });

  it("is where the add-ons step's button leads, whatever the post names: Pay is on the review only", async () => {
    const browser = app.visitor();
    const email = uniqueEmail("addons-pay");
    await answerEveryStep(browser, email);
    const fromAddons = await post(browser, "addons", { intent: "pay", attempt: crypto.randomUUID(), ...NO_ADDONS });
    expect(fromAddons.location).toBe("/book/review");
    expect(await bookingsOf(email)).toEqual([]);
  });
});

describe.skipIf(usingHostedBackend)("a step opened from the review's Edit link", () => {
  it("goes back to the review on Continue, and keeps the way back through Previous, counters and a refusal", async () => {
    const browser = app.visitor();
    await answerEveryStep(browser, uniqueEmail("edit-return"));
    expect(shown(await openStep(browser, "team", "?return=review")).returnTo).toBe("review");

    expect((await post(browser, "team", { intent: "continue", teamType: "luxury" }, "?return=review")).location).toBe("/book/review");
    expect(shown(await openStep(browser, "review")).draft).toMatchObject({ teamType: "luxury" });

    expect((await post(browser, "service", { intent: "previous", serviceType: "local" }, "?return=review")).location).toBe("/book/team?return=review");
    expect((await post(browser, "addons", { intent: "adjust:tvMounting:1", ...NO_ADDONS }, "?return=review")).location).toBe(
      "/book/addons?return=review#tvMounting-field",
    );
    // A refused answer stays on its step, which still came from the review.
    const refused = await post(browser, "details", { intent: "continue", date: "", fromAddress: "", toAddress: "", propertySize: "" }, "?return=review");
    expect(refused.status).toBe(400);
    expect(
      (await post(browser, "contact", { intent: "continue", fullName: "Rae Revised", email: uniqueEmail("edit"), phone: "(404) 555-0167" }, "?return=review"))
        .location,
    ).toBe("/book/review");
    expect(shown(await openStep(browser, "review")).draft).toMatchObject({ fullName: "Rae Revised", tvMounting: 1 });
  });

  it("reads only return=review: any other value is ignored and Continue moves on as usual", async () => {
    const browser = app.visitor();
    await answerEveryStep(browser, uniqueEmail("edit-ignore"));
    for (const search of ["?return=https://evil.example/", "?return=addons", "?return=/book/review", "?return=REVIEW", "?returnTo=review"]) {
      expect((await post(browser, "team", { intent: "continue", teamType: "elite" }, search)).location, search).toBe("/book/service");
      expect(shown(await openStep(browser, "team", search)).returnTo, search).toBeNull();
    }
  });
});

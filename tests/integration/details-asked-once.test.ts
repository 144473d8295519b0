import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { signIn, type TestApp } from "./support/app-client.ts";
import { startAppWithStripe } from "./support/app-with-stripe.ts";
import { answerWizard, openStep, pressPay } from "./support/wizard.ts";

// What a signed-in customer gave once is not asked again: the wizard starts with the profile's phone,
// and the review offers to keep the booking's phone and new address on the profile.

let backend: TestBackend;
let app: TestApp;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ app } = await startAppWithStripe(backend));
});
afterAll(async () => {
  await backend?.close();
});

async function profileOf(userId: string) {
  const { data, error } = await app.serviceRole.from("profiles").select("phone, address").eq("user_id", userId).single();
  if (error) throw error;
  return data;
}

it("starts a signed-in customer's wizard with the name, email and phone they gave before", async () => {
  const { visitor, user } = await signIn(app, "customer", { label: "known-phone", fullName: "Pia Phone" });
  await app.serviceRole.from("profiles").update({ phone: "(404) 555-0177" }).eq("user_id", user.id);
  const contact = await openStep(visitor, "contact");
  expect(contact.value?.draft).toMatchObject({ fullName: "Pia Phone", email: user.email, phone: "(404) 555-0177" });
  // A guest starts empty.
  expect((await openStep(app.visitor(), "contact")).value?.draft).toEqual({});
});

it("offers, ticked, to keep the booking's phone and new address, and keeps them when Pay is pressed with it", async () => {
  const { visitor, user } = await signIn(app, "customer", { label: "keeps-details", fullName: "Kai Keeper" });
  expect(await profileOf(user.id)).toEqual({ phone: null, address: null });
  const answered = await answerWizard(visitor, { phone: "(404) 555-0188", toAddress: "88 New Home Rd, Decatur" });
  expect(answered.location).toBe("/book/review");
  const review = await openStep(visitor, "review");
  expect(review.value?.detailsToKeep).toEqual({ phone: "(404) 555-0188", address: "88 New Home Rd, Decatur" });
  const page = await visitor.get("/book/review");
  expect(page.html).toMatch(/<input[^>]*name="keepDetails"[^>]*checked/);

  const paid = await pressPay(visitor, { keepDetails: true });
  expect(paid.status).toBe(303);
  expect(await profileOf(user.id)).toEqual({ phone: "(404) 555-0188", address: "88 New Home Rd, Decatur" });
  // Held now, so not offered again.
  await answerWizard(visitor, { phone: "(404) 555-0188", toAddress: "88 New Home Rd, Decatur" });
  expect((await openStep(visitor, "review")).value?.detailsToKeep).toBeNull();
});

it("keeps nothing when the box is unticked, and offers nothing to a guest", async () => {
  const { visitor, user } = await signIn(app, "customer", { label: "declines-details" });
  await answerWizard(visitor, { phone: "(404) 555-0199", toAddress: "99 Elsewhere Ave" });
  expect((await pressPay(visitor)).status).toBe(303);
  expect(await profileOf(user.id)).toEqual({ phone: null, address: null });

  const guest = app.visitor();
  await answerWizard(guest);
  expect((await openStep(guest, "review")).value?.detailsToKeep).toBeNull();
  expect((await pressPay(guest, { keepDetails: true })).status).toBe(303);
});

import { expect, test, type Page } from "@playwright/test";
import { authDialog, submitSignIn, submitSignUp } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient, latestEmailTo } from "./support/backend.ts";
import { hydrated } from "./support/hydration.ts";
import { ownServer } from "./support/own-server.ts";
import { answerStepsToAddons, bookAndPayAsGuest, continueButton, expectStep, fillContact } from "./support/wizard.ts";

// What a guest did joins their account once they prove it is theirs: the payment page's claim (by
// signing up or signing in in its dialog), the wizard's draft (signing up or in from the wizard, in
// the browser holding it), or a link emailed to the booking's address. Typing an address proves nothing.

let guests = 0;
const uniqueGuest = (name = "Gus Guest") => ({ name, email: `guest-${Date.now().toString(36)}-${guests++}@example.com`, phone: "(404) 555-0100" });

async function bookingOwner(email: string): Promise<string | null> {
  const client = await getServiceClient();
  const { data, error } = await client.from("bookings").select("user_id").eq("email", email).single();
  if (error) throw error;
  return data.user_id as string | null;
}

async function accountId(email: string): Promise<string> {
  const client = await getServiceClient();
  const { data, error } = await client.from("profiles").select("user_id").eq("email", email).single();
  if (error) throw error;
  return data.user_id as string;
}

/** The wizard draft whose answers carry this email, with its owner. */
async function draftOf(email: string): Promise<{ user_id: string | null; data: Record<string, unknown> }> {
  const client = await getServiceClient();
  const { data, error } = await client.from("booking_drafts").select("user_id, data").eq("data->>email", email).single();
  if (error) throw error;
  return data as { user_id: string | null; data: Record<string, unknown> };
}

/** A form post that hashes a password or sends an email, or the dialog's route loaded on a busy machine: it may take a while. */
const AUTH_ROUND_TRIP = { timeout: 20_000 };

/** The booked move in the dashboard's list of bookings (the next-move panel above it names it too). */
const bookedMove = (page: Page) => page.getByRole("list", { name: "Your recent bookings" }).getByText("12 Peachtree St, Atlanta");

test.describe("the payment page's claim", () => {
  test("a guest who pays and then signs in to their account from the payment page's dialog finds the booking in it", async ({ page }) => {
    const account = await createTestUser({ fullName: "Sam Signin" });
    const guest = uniqueGuest("Sam Signin");
    await bookAndPayAsGuest(page, guest);

    await page.getByRole("link", { name: "Create an account to follow this booking" }).click();
    await expect(authDialog(page).getByRole("heading", { name: "Create your account" })).toBeVisible();
    // An account exists already: the dialog switches to signing in, the claim and the address going along.
    await switchToSignIn(page, guest.email);
    await submitSignIn(page, account);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("The booking you just paid for is now in your account.")).toBeVisible();
    await expect(bookedMove(page)).toBeVisible();
    expect(await bookingOwner(guest.email)).toBe(account.id);
  });

  test("signing up with a paid booking's email does not show it; the emailed reset link proves the address and brings it", async ({ page, browser }) => {
    const guest = uniqueGuest();
    await bookAndPayAsGuest(page, guest);

    // Later, on another browser, without the payment page's claim.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    const later = await other.newPage();
    await later.goto("/?auth=signup");
    await submitSignUp(later, { ...guest, password: "Unproven2026" });
    await expect(later).toHaveURL(/\/dashboard$/);
    await expect(later.getByText("No bookings yet")).toBeVisible();
    expect(await bookingOwner(guest.email)).toBeNull();

    await later.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(later.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await later.goto("/?auth=forgot");
    await authDialog(later).getByLabel("Email").fill(guest.email);
    await authDialog(later).getByRole("button", { name: "Send reset link" }).click();
    await expect(later.getByText("Check your email")).toBeVisible();
    await expect.poll(() => latestEmailTo(guest.email)?.link).toBeTruthy();
    const link = new URL(latestEmailTo(guest.email)!.link);
    await later.goto(`${link.pathname}${link.search}`);
    await later.getByLabel("New password", { exact: true }).fill("Proven2026");
    await later.getByLabel("Confirm new password").fill("Proven2026");
    await later.getByRole("button", { name: "Save new password" }).click();

    await expect(later).toHaveURL(/\/dashboard$/);
    await expect(later.getByText("The booking made with this email is now in your account.")).toBeVisible();
    await expect(bookedMove(later)).toBeVisible();
    expect(await bookingOwner(guest.email)).toBe(await accountId(guest.email));
    await other.close();
  });
});

/** A guest's luxury long-distance move with two TVs to mount (a landing card's link), answered up to the add-ons step. */
const answerUpToAddons = (page: Page, guest: ReturnType<typeof uniqueGuest>) =>
  answerStepsToAddons(page, guest, "team=luxury&service=long_distance&tvMounting=2");

/** From the open sign-up view to the login view, which keeps the address the dialog was opened with. */
async function switchToSignIn(page: Page, email: string) {
  const dialog = authDialog(page);
  await dialog.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
}

/** Every answer of the wizard, read from its steps. */
async function expectAnswersKept(page: Page, guest: ReturnType<typeof uniqueGuest>) {
  await expect(page.getByLabel("TV mounting", { exact: true })).toHaveValue("2");
  await page.goto("/book");
  await expect(page.getByLabel("Full name")).toHaveValue(guest.name);
  await expect(page.getByLabel("Email")).toHaveValue(guest.email);
  await expect(page.getByLabel("Phone")).toHaveValue(guest.phone);
  await page.goto("/book/details");
  await expect(page.getByLabel("Pickup address")).toHaveValue("12 Peachtree St, Atlanta");
  await expect(page.getByLabel("Delivery address")).toHaveValue("40 Ponce de Leon Ave, Atlanta");
  await page.goto("/book/team");
  await expect(page.getByRole("radio", { name: /Luxury/ })).toBeChecked();
  await page.goto("/book/service");
  await expect(page.getByRole("radio", { name: /Long distance/ })).toBeChecked();
}

for (const screen of [
  { name: "on a phone", viewport: { width: 390, height: 844 } },
  { name: "on a desktop", viewport: { width: 1280, height: 800 } },
]) {
  test.describe(`from the wizard, ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test("the add-ons tip's sign-up comes back to the step, signed in, with every answer kept in a draft that is now the account's", async ({ page }) => {
      const guest = uniqueGuest("Wanda Wizard");
      await answerUpToAddons(page, guest);
      expect((await draftOf(guest.email)).user_id).toBeNull();

      await page.getByRole("link", { name: "create an account" }).click();
      const dialog = authDialog(page);
      await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await expect(dialog.getByLabel("Email")).toHaveValue(guest.email);
      await submitSignUp(page, { name: guest.name, password: "Wizard2026" });

      await expect(page).toHaveURL(/\/book\/addons$/);
      await expectStep(page, "Add-ons");
      // Signed in: photos instead of the tip.
      await expect(page.getByText("Photos of your belongings (optional)")).toBeVisible();
      await expect(page.getByRole("link", { name: "create an account" })).toHaveCount(0);
      expect(await draftOf(guest.email)).toMatchObject({ user_id: await accountId(guest.email), data: expect.objectContaining({ tvMounting: 2 }) });
      await expectAnswersKept(page, guest);
    });

    test("switching the tip's dialog to sign in returns to the step with the draft now the account's", async ({ page }) => {
      const account = await createTestUser({ fullName: "Sid Signin" });
      // The draft is adopted because it was made with the account's own email.
      const guest = { ...uniqueGuest("Sid Signin"), email: account.email };
      await answerUpToAddons(page, guest);

      await page.getByRole("link", { name: "create an account" }).click();
      await switchToSignIn(page, guest.email);
      await submitSignIn(page, account);

      await expect(page).toHaveURL(/\/book\/addons$/);
      await expect(page.getByText("Photos of your belongings (optional)")).toBeVisible();
      expect((await draftOf(guest.email)).user_id).toBe(account.id);
      await expectAnswersKept(page, guest);
    });
  });
}

test("the contact step's 'Sign in' returns to it with what the guest entered, the draft now the account's", async ({ page }) => {
  const account = await createTestUser({ fullName: "Cal Contact" });
  // The draft is adopted because it was made with the account's own email.
  const guest = { ...uniqueGuest("Cal Contact"), email: account.email };
  await page.goto("/book");
  await fillContact(page, guest);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await page.goto("/book");

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(authDialog(page).getByLabel("Email")).toHaveValue(guest.email, AUTH_ROUND_TRIP);
  await submitSignIn(page, account);

  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByLabel("Phone")).toHaveValue(guest.phone);
  await expect(page.getByLabel("Email")).toHaveValue(guest.email);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
  expect((await draftOf(guest.email)).user_id).toBe(account.id);
});

test("signing in from the contact step with another account than the draft's email starts that account's own draft, leaving the guest's", async ({ page }) => {
  const account = await createTestUser({ fullName: "Ola Other" });
  const guest = uniqueGuest("Gwen Guest");
  await page.goto("/book");
  await fillContact(page, guest);
  await continueButton(page).click();
  await expectStep(page, "Move details");
  await page.goto("/book");

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(authDialog(page).getByLabel("Email")).toHaveValue(guest.email, AUTH_ROUND_TRIP);
  await authDialog(page).getByLabel("Email").fill(account.email);
  await authDialog(page).getByLabel("Password").fill(account.password);
  await authDialog(page).getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/book$/, AUTH_ROUND_TRIP);
  await expect(page.getByLabel("Full name")).toHaveValue("Ola Other");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel("Phone")).toHaveValue("");
  expect((await draftOf(guest.email)).user_id).toBeNull();
});

/** With JavaScript, waits for the page to hydrate before typing into it (hydration would reset what was typed). */
async function interactive(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) await hydrated(page);
}

test.describe("with email confirmations on, as on a hosted project", () => {
  const server = ownServer("confirm", { EMBEDDED_EMAIL_CONFIRMATIONS: "1" });

  test("a stranger who signed up first with a guest's address gets none of the guest's bookings; the guest's reset link takes the account back and brings them", async ({
    page,
    browser,
  }) => {
    // Two browsers, two emailed links and a password reset: more steps than one test's usual time allows.
    test.slow();
    const email = uniqueGuest().email;
    const client = await server().serviceClient();
    const { data: booking, error } = await client
      .from("bookings")
      .insert({
        full_name: "Gus Guest",
        email,
        phone: "(404) 555-0100",
        moving_from: "12 Peachtree St, Atlanta",
        moving_to: "40 Ponce de Leon Ave, Atlanta",
        moving_date: "2027-06-15",
        team_type: "elite",
        service_type: "local",
        property_size: "2_bedroom",
        estimated_cost_cents: 100_000,
      })
      .select("id")
      .single();
    if (error) throw error;
    const ownerOfBooking = async () => (await client.from("bookings").select("user_id").eq("id", booking.id).single()).data?.user_id ?? null;

    // The stranger signs up first with the guest's address and a password of their own, in another browser.
    const strangers = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    const stranger = await strangers.newPage();
    await stranger.goto(`${server().base}/?auth=signup`);
    await interactive(stranger);
    await submitSignUp(stranger, { name: "Mallory Early", email, password: "Stranger2026" });
    await expect(stranger.getByText("Check your email to confirm your account")).toBeVisible(AUTH_ROUND_TRIP);

    // The guest presses the confirmation link that reached their inbox: signed in, and no booking joins.
    await expect.poll(() => latestEmailTo(email, server().dataDir)?.link).toBeTruthy();
    const link = new URL(latestEmailTo(email, server().dataDir)!.link);
    expect(link.pathname).toBe("/auth/confirm");
    await page.goto(`${server().base}${link.pathname}${link.search}`);
    await interactive(page);
    await expect(page.getByRole("main")).toContainText(`This link confirms ${email}`);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page).toHaveURL(new RegExp(`^${server().base}/dashboard$`), AUTH_ROUND_TRIP);
    await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
    await expect(page.getByText("No bookings yet")).toBeVisible();
    expect(await ownerOfBooking()).toBeNull();

    // The stranger signs in with their password: the account is there, the guest's booking is not.
    await stranger.goto(`${server().base}/?auth=login`);
    await interactive(stranger);
    await submitSignIn(stranger, { email, password: "Stranger2026" });
    await expect(stranger).toHaveURL(new RegExp(`^${server().base}/dashboard$`), AUTH_ROUND_TRIP);
    await expect(stranger.getByText("No bookings yet")).toBeVisible();

    // The guest asks for the reset link from the dashboard and chooses a new password.
    await page.getByRole("button", { name: "Email me the link" }).click();
    await expect(page.getByText("Check your email")).toBeVisible(AUTH_ROUND_TRIP);
    await expect.poll(() => latestEmailTo(email, server().dataDir)?.type).toBe("recovery");
    const reset = new URL(latestEmailTo(email, server().dataDir)!.link);
    await page.goto(`${server().base}${reset.pathname}${reset.search}`);
    await interactive(page);
    await page.getByLabel("New password", { exact: true }).fill("Reclaimed2026");
    await page.getByLabel("Confirm new password").fill("Reclaimed2026");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(new RegExp(`^${server().base}/dashboard$`), AUTH_ROUND_TRIP);
    await expect(page.getByText("The booking made with this email is now in your account.")).toBeVisible();
    await expect(bookedMove(page)).toBeVisible();
    expect(await ownerOfBooking()).toEqual(expect.any(String));

    // The stranger's session has ended, and their password no longer signs in.
    await stranger.goto(`${server().base}/dashboard`);
    await expect(stranger).toHaveURL(/\?auth=login/);
    await interactive(stranger);
    await submitSignIn(stranger, { email, password: "Stranger2026" });
    await expect(authDialog(stranger).getByRole("alert")).toBeVisible(AUTH_ROUND_TRIP);
    await expect(stranger).not.toHaveURL(/\/dashboard$/);
    await strangers.close();
  });
});

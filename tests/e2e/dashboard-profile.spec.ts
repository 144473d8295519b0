import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations } from "./support/accessibility.ts";
import { accountMenuTrigger, signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";

// The dashboard's Profile tab, with JavaScript on and off: saved values shown, messages next to the
// fields, a save that the header shows at once, avatars (checked by their bytes, replaced, at most 5 MB).

const PROFILE_TAB = "/dashboard/profile";
const javaScriptEnabled = () => test.info().project.use.javaScriptEnabled !== false;

async function signedInOnProfileTab(page: Page, fullName = "Casey Customer"): Promise<TestUser> {
  const user = await createTestUser({ fullName });
  await signInDirectly(page, user, PROFILE_TAB);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("heading", { name: "Profile", level: 2 })).toBeVisible();
  return user;
}

async function saveProfile(page: Page) {
  await page.getByRole("button", { name: "Save Profile" }).click();
}

const picture = (background: string, format: "png" | "jpeg" = "png") =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    [format]()
    .toBuffer();

async function avatarFiles(user: TestUser): Promise<string[]> {
  const client = await getServiceClient();
  const { data, error } = await client.storage.from("avatars").list(user.id, { limit: 100 });
  if (error) throw error;
  return data.map((entry) => `${user.id}/${entry.name}`);
}

test("the tab shows the saved profile", async ({ page }) => {
  const user = await createTestUser({ fullName: "Sam Saved" });
  const client = await getServiceClient();
  const { error } = await client
    .from("profiles")
    .update({ phone: "404-555-0188", address: "7 Elm St, Atlanta, GA", bio: "Two cats and a piano." })
    .eq("user_id", user.id);
  expect(error).toBeNull();
  await signInDirectly(page, user, PROFILE_TAB);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Full name")).toHaveValue("Sam Saved");
  await expect(page.getByLabel("Phone")).toHaveValue("404-555-0188");
  await expect(page.getByLabel("Address")).toHaveValue("7 Elm St, Atlanta, GA");
  await expect(page.getByLabel("Bio")).toHaveValue("Two cats and a piano.");
});

test("invalid fields get their messages next to them, and what was typed is kept", async ({ page }) => {
  const user = await signedInOnProfileTab(page);
  const longName = "N".repeat(201);
  await page.getByLabel("Full name").fill(longName);
  await page.getByLabel("Phone").fill("555-01");
  await page.getByLabel("Address").fill("12 Oak St, Atlanta, GA");
  await page.getByLabel("Bio").fill("Please keep this.");
  await saveProfile(page);

  await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Full name must be at most 200 characters");
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Enter a US phone number, like \(404\) 555-0123/);
  await expect(page.getByLabel("Full name")).toHaveValue(longName);
  await expect(page.getByLabel("Phone")).toHaveValue("555-01");
  await expect(page.getByLabel("Address")).toHaveValue("12 Oak St, Atlanta, GA");
  await expect(page.getByLabel("Bio")).toHaveValue("Please keep this.");
  // Nothing was saved.
  const client = await getServiceClient();
  const { data } = await client.from("profiles").select("full_name, phone, bio").eq("user_id", user.id).single();
  expect(data).toEqual({ full_name: "Casey Customer", phone: null, bio: null });
});

test("saving shows a message, keeps the values and the header greets the new name at once", async ({ page }) => {
  await signedInOnProfileTab(page, "Casey Customer");
  await expect(accountMenuTrigger(page, "Casey Customer")).toBeVisible();
  await page.getByLabel("Full name").fill("Robin Renamed");
  await page.getByLabel("Phone").fill("(404) 555-0123");
  await page.getByLabel("Address").fill("98 Pine Ave, Decatur, GA");
  await page.getByLabel("Bio").fill("Moving across town in spring.\nFragile: grandma's china.");
  await saveProfile(page);

  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(accountMenuTrigger(page, "Robin Renamed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hi, Robin!" })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full name")).toHaveValue("Robin Renamed");
  await expect(page.getByLabel("Phone")).toHaveValue("(404) 555-0123");
  await expect(page.getByLabel("Address")).toHaveValue("98 Pine Ave, Decatur, GA");
  await expect(page.getByLabel("Bio")).toHaveValue("Moving across town in spring.\nFragile: grandma's china.");
  await expect(accountMenuTrigger(page, "Robin Renamed")).toBeVisible();
});

test("the header and the account menu greet the profile's name, not the one the account signed up with", async ({ page }) => {
  const user = await signedInOnProfileTab(page, "Casey Customer");
  await page.getByLabel("Full name").fill("Robin Renamed");
  await saveProfile(page);
  await expect(page.getByText("Profile updated")).toBeVisible();
  // The account's own record still says the sign-up name, as when updating it failed or it was never
  // changed there (hosted Supabase keeps what sign-up wrote): the profile alone names the customer.
  const client = await getServiceClient();
  const { error } = await client.auth.admin.updateUserById(user.id, { user_metadata: { full_name: "Casey Customer" } });
  expect(error).toBeNull();

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Hi, Robin!" })).toBeVisible();
  await expect(accountMenuTrigger(page, "Robin Renamed")).toBeVisible();
  await page.goto("/book");
  await expect(accountMenuTrigger(page, "Robin Renamed")).toBeVisible();
});

test("a new avatar shows in the account menu at once, and replacing it removes the old file", async ({ page }) => {
  const user = await signedInOnProfileTab(page, "Ava Avatar");
  const avatarUrl = new RegExp(`/storage/v1/object/public/avatars/${user.id}/avatar-[0-9a-f-]{36}\\.webp$`);
  // No picture yet: the trigger shows initials.
  await expect(accountMenuTrigger(page, "Ava Avatar").locator("img")).toHaveCount(0);

  await page.getByLabel("Avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await picture("#3366aa") });
  const firstLoad = page.waitForResponse((response) => avatarUrl.test(new URL(response.url()).pathname));
  await saveProfile(page);
  await expect(page.getByText("Profile updated")).toBeVisible();

  const trigger = accountMenuTrigger(page, "Ava Avatar").locator("img");
  await expect(trigger).toHaveAttribute("src", avatarUrl);
  const first = (await trigger.getAttribute("src"))!;
  // The browser loaded it: a WebP picture.
  const loaded = await firstLoad;
  expect(loaded.status()).toBe(200);
  expect(loaded.headers()["content-type"]).toBe("image/webp");
  const served = await page.request.get(first);
  expect(served.status()).toBe(200);
  expect(await sharp(await served.body()).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  expect(await avatarFiles(user)).toEqual([new URL(first).pathname.replace("/storage/v1/object/public/avatars/", "")]);

  // A second one replaces it; the first file is gone from storage.
  await page.getByLabel("Avatar").setInputFiles({ name: "new.jpg", mimeType: "image/jpeg", buffer: await picture("#aa3333", "jpeg") });
  await saveProfile(page);
  await expect(trigger).not.toHaveAttribute("src", first);
  await expect(trigger).toHaveAttribute("src", avatarUrl);
  const second = (await trigger.getAttribute("src"))!;
  expect(await avatarFiles(user)).toEqual([new URL(second).pathname.replace("/storage/v1/object/public/avatars/", "")]);
  // Storage answers a missing object as Supabase does: 400 with statusCode "404" in the body.
  const gone = await page.request.get(first);
  expect(gone.ok()).toBe(false);
  expect(await gone.json()).toMatchObject({ statusCode: "404" });
  // The tab shows the saved picture too.
  await expect(page.getByRole("img", { name: "Your avatar" })).toHaveAttribute("src", second);
});

test("a file that is not an image is refused on the avatar field", async ({ page }) => {
  const user = await signedInOnProfileTab(page);
  await page.getByLabel("Bio").fill("Kept after the refusal.");
  await page.getByLabel("Avatar").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("a shopping list, not a picture") });
  await saveProfile(page);
  await expect(page.getByLabel("Avatar")).toHaveAccessibleDescription(/Avatar must be a PNG, JPG or WebP image\./);
  await expect(page.getByLabel("Bio")).toHaveValue("Kept after the refusal.");
  expect(await avatarFiles(user)).toEqual([]);
});

test("an avatar over 5 MB is refused with 413 and a clear message", async ({ page }) => {
  const user = await signedInOnProfileTab(page);
  const big = { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 100 * 1024, 1) };
  if (javaScriptEnabled()) {
    // The browser knows the size: the message comes before anything is sent.
    await page.getByLabel("Avatar").setInputFiles(big);
    await saveProfile(page);
    await expect(page.getByLabel("Avatar")).toHaveAccessibleDescription(/Avatar must be at most 5 MB\./);
  }
  const form = new FormData();
  form.set("intent", "save-profile");
  form.set("fullName", "Casey Customer");
  form.set("avatar", new File([new Uint8Array(big.buffer)], big.name, { type: big.mimeType }));
  const response = await page.request.post(PROFILE_TAB, { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("Avatar must be at most 5 MB.");
  expect(await avatarFiles(user)).toEqual([]);
});

test("the tab, with an avatar and with messages, has no serious or critical accessibility violations", async ({ page }) => {
  test.skip(!javaScriptEnabled(), "axe runs inside the page");
  await signedInOnProfileTab(page, "Ally Access");
  const audit = async (state: string) => {
    expect(await seriousViolations(page, state)).toEqual([]);
  };
  await page.getByLabel("Avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await picture("#228855") });
  await saveProfile(page);
  await expect(accountMenuTrigger(page, "Ally Access").locator("img")).toHaveCount(1);
  // Audited without the toast, which is still fading in (its own check belongs to the toaster).
  await page.reload();
  await expect(page.getByRole("img", { name: "Your avatar" })).toBeVisible();
  await audit("saved");
  await page.getByLabel("Phone").fill("12");
  await saveProfile(page);
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Enter a US phone number/);
  await audit("with messages");
});

test.describe("on a 360px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the tab fits without sideways scrolling, with a field message shown", async ({ page }) => {
    await signedInOnProfileTab(page);
    await page.getByLabel("Phone").fill("12");
    await saveProfile(page);
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Enter a US phone number/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const form = await page.getByRole("button", { name: "Save Profile" }).evaluate((button) => button.closest("form")!.getBoundingClientRect().right);
    expect(form).toBeLessThanOrEqual(360);
  });
});

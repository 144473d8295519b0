import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInThroughDialog } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";
import { completeStepsToAddons, continueButton, expectStep, payButton } from "./support/wizard.ts";

// Photos on the wizard's add-ons step, posted to /book/photos as the add-ons page's forms post them
// (multipart, field "photos"), with the browser's own cookies, with JavaScript on and off.

const GPS = { GPSLatitudeRef: "N", GPSLatitude: "33/1 45/1 3600/100", GPSLongitudeRef: "W", GPSLongitude: "84/1 23/1 1200/100" };

const photo = async (name: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a6" } })
    .jpeg()
    .withExif({ IFD0: { Make: "AcmePhoneCamera" }, IFD3: GPS })
    .toBuffer(),
});

function uploadForm(files: Array<{ name: string; mimeType: string; buffer: Buffer }>): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  for (const file of files) form.append("photos", new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
  return form;
}

async function signedInAtAddons(page: Page): Promise<TestUser> {
  const user = await createTestUser({ fullName: "Pia Photos" });
  await signInThroughDialog(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await completeStepsToAddons(page, { name: "Pia Photos", email: user.email, phone: "(404) 555-0123" });
  return user;
}

/** The customer's wizard draft as the server keeps it. */
async function draftOf(user: TestUser) {
  const client = await getServiceClient();
  const { data, error } = await client
    .from("booking_drafts")
    .select("id, data")
    .eq("user_id", user.id)
    .order("updated_at", { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;
  return data as { id: string; data: { photos?: Array<{ path: string; thumbPath: string; fileName: string }>; fullName?: string } };
}

async function filesIn(folder: string): Promise<string[]> {
  const client = await getServiceClient();
  const { data, error } = await client.storage.from("booking-images").list(folder, { limit: 100 });
  if (error) throw error;
  return data.map((entry) => entry.name);
}

async function upload(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  return page.request.post("/book/photos", { multipart: uploadForm(files), maxRedirects: 0 });
}

test("a signed-in customer adds photos to the booking; what is stored has no location data", async ({ page }) => {
  const user = await signedInAtAddons(page);
  const response = await upload(page, [await photo("sofa.jpg"), await photo("wardrobe.jpg")]);
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/book/addons");

  const draft = await draftOf(user);
  expect(draft.data.fullName).toBe("Pia Photos");
  expect(draft.data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg", "wardrobe.jpg"]);
  const folder = `${user.id}/drafts/${draft.id}`;
  expect(await filesIn(folder)).toHaveLength(4);

  const client = await getServiceClient();
  const stored = await client.storage.from("booking-images").download(draft.data.photos![0]!.path);
  const bytes = Buffer.from(await stored.data!.arrayBuffer());
  const metadata = await sharp(bytes).metadata();
  expect(metadata).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
  expect(metadata.exif).toBeUndefined();
  expect(bytes.includes(Buffer.from("AcmePhoneCamera"))).toBe(false);

  // The add-ons step says so (as a toast with JavaScript, in the page without).
  await page.goto("/book/addons");
  await expect(page.getByText("2 photos added")).toBeVisible();

  // Removing one takes its files and its place on the draft.
  const removal = await page.request.post("/book/photos", { form: { intent: "remove", path: draft.data.photos![0]!.path }, maxRedirects: 0 });
  expect(removal.status()).toBe(302);
  expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["wardrobe.jpg"]);
  expect(await filesIn(folder)).toHaveLength(2);
  await page.goto("/book/addons");
  await expect(page.getByText("Image removed")).toBeVisible();
});

test("a text file renamed .png is refused; an 11th photo is 'Too many images'", async ({ page }) => {
  const user = await signedInAtAddons(page);
  const fake = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("a shopping list, not a picture") };
  await upload(page, [fake]);
  await page.goto("/book/addons");
  await expect(page.getByText("Failed to upload some images. Please try again.")).toBeVisible();
  expect((await draftOf(user)).data.photos).toBeUndefined();

  const ten = await Promise.all(Array.from({ length: 10 }, (_, n) => photo(`box-${n + 1}.jpg`)));
  expect((await upload(page, ten)).status()).toBe(302);
  expect((await draftOf(user)).data.photos).toHaveLength(10);
  await upload(page, [await photo("one-more.jpg")]);
  await page.goto("/book/addons");
  await expect(page.getByText("Too many images")).toBeVisible();
  expect((await draftOf(user)).data.photos).toHaveLength(10);
});

test("guests cannot upload: 403 with a plain message", async ({ page }) => {
  await completeStepsToAddons(page);
  const response = await upload(page, [await photo("sofa.jpg")]);
  expect(response.status()).toBe(403);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await response.text()).toBe("Please sign in to add photos to your booking.");
});

test("a post declaring more than ten 10 MB photos is refused with 413 before its body is sent", async ({ page, baseURL }) => {
  await signedInAtAddons(page);
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const url = new URL("/book/photos", baseURL);
  const started = Date.now();
  // Headers only: a server that waited for the announced 200 MB would never answer.
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(url, {
      method: "POST",
      headers: {
        Cookie: cookies,
        Origin: url.origin,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(200 * 1024 * 1024),
      },
    });
    outgoing.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      outgoing.destroy();
    });
    outgoing.on("error", reject);
    outgoing.flushHeaders();
  });
  expect(status).toBe(413);
  expect(Date.now() - started).toBeLessThan(5_000);
});

test("the add-ons step's picker uploads, shows, removes; the review counts the photos and Pay attaches them to the booking", async ({ page }) => {
  const user = await signedInAtAddons(page);
  await page.getByLabel("Choose photos").setInputFiles([await photo("sofa.jpg"), await photo("piano.jpg")]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const attached = page.getByRole("list", { name: "Attached photos" });
  await expect(attached.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("2 of 10 photos added.")).toBeVisible();
  await page.getByRole("button", { name: "Remove piano.jpg" }).click();
  await expect(attached.getByRole("listitem")).toHaveCount(1);

  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  const addons = page.getByRole("region", { name: "Add-ons" });
  await expect(
    addons
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: /^Photos$/ }) })
      .locator("dd"),
  ).toHaveText("1 photo");
  await payButton(page).click();
  await expect(page.getByRole("heading", { name: /Pay Metro Movers/ })).toBeVisible();
  const client = await getServiceClient();
  const booking = await client.from("bookings").select("id").eq("user_id", user.id).single();
  const images = await client.from("booking_images").select("file_name, path").eq("booking_id", booking.data!.id);
  expect(images.data?.map((image) => image.file_name)).toEqual(["sofa.jpg"]);
  expect(images.data?.[0]?.path.startsWith(`${user.id}/`)).toBe(true);
});

import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations } from "./support/accessibility.ts";
import { postSignIn } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";
import { chosenPhotos, dropFiles, javaScriptOn, sidewaysOverflow } from "./support/photos.ts";
import { answerStepsToAddons, continueButton, expectStep, payButton } from "./support/wizard.ts";

// Photos on the wizard's add-ons step, posted to /book/photos as the add-ons page's forms post them
// (multipart, field "photos"), with the browser's own cookies, with JavaScript on and off: without
// it the file input and Upload, with it the drop zone, which posts the same form one file at a time.

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

/** A customer signed in, at the add-ons step with the earlier steps answered (the wizard's own tests walk them). */
async function signedInAtAddons(page: Page): Promise<TestUser> {
  const user = await createTestUser({ fullName: "Pia Photos" });
  await postSignIn(page, user);
  await answerStepsToAddons(page, { name: "Pia Photos", email: user.email, phone: "(404) 555-0123" });
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
  await answerStepsToAddons(page);
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
  // Choosing is sending, with JavaScript; without it, Upload posts the form.
  await page.getByLabel("Choose photos").setInputFiles([await photo("sofa.jpg"), await photo("piano.jpg")]);
  if (!javaScriptOn()) await page.getByRole("button", { name: "Upload", exact: true }).click();
  const attached = page.getByRole("list", { name: "Attached photos" });
  await expect(attached.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("2 of 10 photos added.")).toBeVisible();
  expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg", "piano.jpg"]);
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

test("add-ons ticked before photos are attached stay ticked, and the estimate keeps them", async ({ page }) => {
  const user = await signedInAtAddons(page);
  // Elite local, 2 bedrooms: 6 h × $150 + $100.
  await expect(page.getByTestId("estimate-total")).toHaveText("$1,000");
  await page.getByLabel("Packing service").check();
  await page.getByLabel("Storage service").check();
  await page.getByLabel("Choose photos").setInputFiles([await photo("sofa.jpg")]);
  if (!javaScriptOn()) await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("list", { name: "Attached photos" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByLabel("Packing service")).toBeChecked();
  await expect(page.getByLabel("Storage service")).toBeChecked();
  // + $120 packing + $80 storage.
  await expect(page.getByTestId("estimate-total")).toHaveText("$1,200");
  await continueButton(page).click();
  await expectStep(page, "Review and pay");
  const draft = await draftOf(user);
  expect(draft.data).toMatchObject({ packingService: true, storageService: true });
  expect(draft.data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg"]);
});

const addonsForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("group", { name: "Photos of your belongings (optional)" }) });

for (const width of [390, 360]) {
  test(`signed in, the add-ons step's photo section fits its form on a ${width}px phone; nothing scrolls sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const user = await createTestUser({ fullName: "Pia Photos" });
    await postSignIn(page, user);
    await answerStepsToAddons(page, { name: "Pia Photos", email: user.email, phone: "(404) 555-0123" });
    const section = page.getByRole("group", { name: "Photos of your belongings (optional)" });
    await expect(section.getByLabel("Choose photos")).toBeAttached();
    expect(await sidewaysOverflow(page, section, addonsForm(page))).toEqual({ page: 0, section: 0 });

    // Still so with photos attached, and with a file's line in the list (JavaScript).
    await section.getByLabel("Choose photos").setInputFiles([await photo("a-photo-with-a-rather-long-name-from-the-camera-roll.jpg")]);
    if (!javaScriptOn()) await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(section.getByRole("list", { name: "Attached photos" }).getByRole("listitem")).toHaveCount(1);
    expect(await sidewaysOverflow(page, section, addonsForm(page))).toEqual({ page: 0, section: 0 });
  });
}

test("dropped photos show their previews while they upload, then the step shows them as attached", async ({ page }) => {
  test.skip(!javaScriptOn(), "dragging files onto the page needs its script");
  const user = await signedInAtAddons(page);
  // The first answer is held back until the previews have been seen.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/book/photos", async (route) => {
    await held;
    await route.continue();
  });
  await dropFiles(page, page.getByText("or drag them here"), [await photo("sofa.jpg"), await photo("piano.jpg")]);

  const chosen = chosenPhotos(page);
  await expect(chosen.getByRole("listitem")).toHaveCount(2);
  // Each preview is drawn from its file in the browser.
  await expect
    .poll(() => chosen.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")?.startsWith("blob:") ?? false)))
    .toEqual([true, true]);
  await expect(chosen.getByRole("progressbar", { name: "Uploading sofa.jpg" })).toBeVisible();
  await expect(chosen.getByRole("listitem").filter({ hasText: "piano.jpg" })).toContainText("Waiting to upload");
  await expect(page.getByRole("status").filter({ hasText: "Uploading" })).toHaveText("Uploading 2 photos…");
  expect((await draftOf(user)).data.photos).toBeUndefined();

  answer();
  const attached = page.getByRole("list", { name: "Attached photos" });
  await expect(attached.getByRole("img")).toHaveCount(2);
  await expect(chosen).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("2 photos added.");
  await expect(page.getByText("2 of 10 photos added.")).toBeVisible();
  const draft = await draftOf(user);
  expect(draft.data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg", "piano.jpg"]);
  await expect(attached.getByRole("img", { name: "sofa.jpg" })).toHaveAttribute("src", `/book/photos/${draft.data.photos![0]!.thumbPath}`);
  expect(await filesIn(`${user.id}/drafts/${draft.id}`)).toHaveLength(4);
});

test("a file too large and a file that is no photo get the server's message each, while the photo beside them is added", async ({ page }) => {
  test.skip(!javaScriptOn(), "dragging files onto the page needs its script");
  const user = await signedInAtAddons(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/book/photos") posts.push(request.headers()["accept"] ?? "");
  });
  const fake = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("a shopping list, not a picture") };
  await dropFiles(page, page.getByText("or drag them here"), [
    await photo("sofa.jpg"),
    fake,
    { name: "huge.jpg", mimeType: "image/jpeg", size: 10 * 1024 * 1024 + 1 },
  ]);

  const chosen = chosenPhotos(page);
  const notPhoto = chosen.getByRole("listitem").filter({ hasText: "notes.png" });
  const huge = chosen.getByRole("listitem").filter({ hasText: "huge.jpg" });
  await expect(notPhoto).toContainText("Failed to upload some images. Please try again. 0 of 1 photo was added. Photos must be PNG, JPG or WebP images.");
  await expect(huge).toContainText("Each photo can be at most 10 MB, and a booking holds at most 10 photos. Please choose fewer or smaller photos.");
  await expect(page.getByRole("list", { name: "Attached photos" }).getByRole("img", { name: "sofa.jpg" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("1 photo added. 2 photos could not be added.");
  expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg"]);
  // One post per file sent, each asking for the outcome itself; the file over 10 MB was not sent (the server refuses it the same way).
  expect(posts).toEqual(["application/json", "application/json"]);
  const refused = await upload(page, [{ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }]);
  expect(refused.status()).toBe(413);
  expect(await refused.text()).toBe("Each photo can be at most 10 MB, and a booking holds at most 10 photos. Please choose fewer or smaller photos.");

  expect(await seriousViolations(page, "", { include: ["fieldset"] })).toEqual([]);

  // Sending these again cannot help: no Retry, only Remove.
  await expect(notPhoto.getByRole("button", { name: "Retry notes.png" })).toHaveCount(0);
  await notPhoto.getByRole("button", { name: "Remove notes.png from the list" }).click();
  await huge.getByRole("button", { name: "Remove huge.jpg from the list" }).click();
  await expect(chosen).toHaveCount(0);
  expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg"]);
});

test("a photo whose upload lost its connection is sent again with Retry; one still waiting can be cancelled", async ({ page }) => {
  test.skip(!javaScriptOn(), "the drop zone's list needs the page's script");
  const user = await signedInAtAddons(page);
  // The connection drops during the first post; the second is answered only once the third file has been cancelled.
  let posts = 0;
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/book/photos", async (route) => {
    posts += 1;
    if (posts === 1) return route.abort("connectionreset");
    if (posts === 2) await held;
    return route.continue();
  });
  await page.getByLabel("Choose photos").setInputFiles([await photo("sofa.jpg"), await photo("lamp.jpg"), await photo("piano.jpg")]);
  const chosen = chosenPhotos(page);
  const sofa = chosen.getByRole("listitem").filter({ hasText: "sofa.jpg" });
  await expect(sofa).toContainText("Failed to upload some images. Please try again.");
  await expect(chosen.getByRole("listitem").filter({ hasText: "piano.jpg" })).toContainText("Waiting to upload");
  await chosen.getByRole("button", { name: "Cancel piano.jpg" }).click();
  await expect(chosen.getByRole("listitem")).toHaveCount(2);

  answer();
  const attached = page.getByRole("list", { name: "Attached photos" });
  await expect(attached.getByRole("img", { name: "lamp.jpg" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("1 photo added. 1 photo could not be added.");
  await sofa.getByRole("button", { name: "Retry sofa.jpg" }).click();
  await expect(attached.getByRole("img", { name: "sofa.jpg" })).toBeVisible();
  await expect(chosen).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("1 photo added.");
  expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["lamp.jpg", "sofa.jpg"]);
  expect(posts).toBe(3);
});

test("on a 390px touch screen, tapping the zone opens the file chooser and the chosen photos are added", async ({ browser, baseURL }) => {
  test.skip(!javaScriptOn(), "without JavaScript the file input is the browser's own (the tests above use it)");
  const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    const user = await createTestUser({ fullName: "Pia Photos" });
    await postSignIn(page, user);
    await answerStepsToAddons(page, { name: "Pia Photos", email: user.email, phone: "(404) 555-0123" });
    // Armed a few round trips before the tap: the file chooser interception must be on when it lands.
    const chooser = page.waitForEvent("filechooser");
    // The zone's label is what a finger taps: the whole dashed area but its hint.
    const zone = page.locator("label").filter({ hasText: "or drag them here" });
    expect((await zone.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await zone.tap();
    const fileChooser = await chooser;
    expect(fileChooser.isMultiple()).toBe(true);
    await fileChooser.setFiles([await photo("sofa.jpg"), await photo("piano.jpg")]);
    await expect(page.getByRole("list", { name: "Attached photos" }).getByRole("img")).toHaveCount(2);
    expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg", "piano.jpg"]);
    // Every button of the section (Remove, here) is a comfortable target for a finger too.
    const buttons = await page.getByRole("group", { name: "Photos of your belongings (optional)" }).locator("button").all();
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  } finally {
    await context.close();
  }
});

test("photos chosen before the page's scripts have arrived are uploaded once they do", async ({ page }) => {
  test.skip(!javaScriptOn(), "about the scripts arriving late");
  const user = await signedInAtAddons(page);
  let scriptsMayCome!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (scriptsMayCome = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.reload({ waitUntil: "domcontentloaded" });
  // The browser's own file input, until the scripts run.
  await page.getByLabel("Choose photos").setInputFiles([await photo("sofa.jpg")]);
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeVisible();
  scriptsMayCome();
  await expect(page.getByRole("list", { name: "Attached photos" }).getByRole("img", { name: "sofa.jpg" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
  expect((await draftOf(user)).data.photos?.map((item) => item.fileName)).toEqual(["sofa.jpg"]);
});

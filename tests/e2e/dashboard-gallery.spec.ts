import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations } from "./support/accessibility.ts";
import { signInDirectly } from "./support/auth-ui.ts";
import { createTestUser, getServiceClient, type TestUser } from "./support/backend.ts";
import { expectIllustrationShown } from "./support/illustrations.ts";
import { chosenPhotos, dropFiles, javaScriptOn, sidewaysOverflow } from "./support/photos.ts";
import { runOnceAcrossProjects } from "./support/projects.ts";

// The dashboard's Gallery tab, with JavaScript on and off: the empty state, several photos in one
// upload (the file input and Upload without JavaScript, the drop zone with it), preview and delete,
// the limit of 20, controls on touch screens, and crafted requests for someone else's photos (the
// app's routes and the storage API).

const GALLERY = "/dashboard/gallery";
/** Where the uploader's form posts. */
const UPLOAD = "/dashboard/gallery/upload";

const photo = async (name: string, background = "#8a6") => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

async function signedInAtGallery(page: Page, fullName = "Gala Gallery"): Promise<TestUser> {
  const user = await createTestUser({ fullName });
  await signInDirectly(page, user, GALLERY);
  await expect(page.getByRole("heading", { name: "Your Photo Gallery" })).toBeVisible();
  return user;
}

/** The customer's gallery rows, newest first, as the database holds them (service role). */
async function rowsOf(user: TestUser) {
  const client = await getServiceClient();
  const { data, error } = await client
    .from("user_images")
    .select("id, file_name, path, thumbnail_path")
    .eq("user_id", user.id)
    .order("uploaded_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw error;
  return data as Array<{ id: string; file_name: string; path: string; thumbnail_path: string }>;
}

async function filesOf(user: TestUser): Promise<string[]> {
  const client = await getServiceClient();
  const { data, error } = await client.storage.from("user-images").list(user.id, { limit: 100 });
  if (error) throw error;
  return data.map((entry) => `${user.id}/${entry.name}`);
}

/** Photos already in the customer's gallery, seeded as the server stores them (files and rows, service role), oldest first. */
async function seedPhotos(user: TestUser, count: number) {
  const client = await getServiceClient();
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#abc" } })
    .jpeg()
    .toBuffer();
  const thumbnail = await sharp(image).resize(320).jpeg().toBuffer();
  const start = Date.now() - count * 60_000;
  const rows = Array.from({ length: count }, (_, n) => {
    const id = randomUUID();
    return {
      id,
      user_id: user.id,
      image_url: `/dashboard/gallery/${id}/full`,
      file_name: `seeded-${n + 1}.jpg`,
      path: `${user.id}/${id}.jpg`,
      thumbnail_path: `${user.id}/${id}-thumb.jpg`,
      uploaded_at: new Date(start + n * 60_000).toISOString(),
    };
  });
  // The files at once: one after the other, twenty photos' forty uploads took seconds.
  const files = rows.flatMap(
    (row) =>
      [
        [row.path, image],
        [row.thumbnail_path, thumbnail],
      ] as const,
  );
  await Promise.all(
    files.map(async ([name, bytes]) => {
      const stored = await client.storage.from("user-images").upload(name, bytes, { contentType: "image/jpeg" });
      if (stored.error) throw stored.error;
    }),
  );
  const { error } = await client.from("user_images").insert(rows);
  if (error) throw error;
  return rows;
}

/** 'Add Photos': a toggle with JavaScript, a link to the uploader's section without. */
async function openUploader(page: Page, button = "Add Photos") {
  await page.getByRole(javaScriptOn() ? "button" : "link", { name: button }).click();
  await expect(page.getByRole("heading", { name: "Upload photos" })).toBeVisible();
}

const photoList = (page: Page) => page.getByRole("list", { name: "Your photos" });

test("an empty gallery says so and offers the uploader", async ({ page }) => {
  await signedInAtGallery(page);
  await expect(page.getByText("No photos yet")).toBeVisible();
  await expectIllustrationShown(page.getByText("No photos yet").locator("..").locator("img"));
  await expect(photoList(page)).toHaveCount(0);
  await openUploader(page, "Upload Your First Photo");
  await expect(page.getByText("You can add 20 more photos (a gallery holds at most 20).")).toBeVisible();
  await expect(page.getByLabel("Choose photos")).toBeVisible();
  if (javaScriptOn()) {
    // A toggle in place, with JavaScript: the page is not loaded again.
    await expect(page).toHaveURL(/\/dashboard\/gallery$/);
    await expect(page.getByRole("button", { name: "Upload Your First Photo" })).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("button", { name: "Add Photos" }).click();
    await expect(page.getByRole("heading", { name: "Upload photos" })).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(/\/dashboard\/gallery\?upload=1#upload$/);
  }
});

test("several photos in one upload appear as thumbnails, newest first; preview shows the photo; Delete Photo removes it and its files", async ({ page }) => {
  const user = await signedInAtGallery(page);
  await openUploader(page);
  // Choosing is sending, with JavaScript; without it, Upload posts the form.
  await page.getByLabel("Choose photos").setInputFiles([await photo("sofa.jpg"), await photo("piano.jpg", "#68a"), await photo("lamp.jpg", "#a68")]);
  if (!javaScriptOn()) await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("3 photos added")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/gallery$/);

  const images = photoList(page).getByRole("img");
  await expect(images).toHaveCount(3);
  // One upload: the last file chosen is the newest.
  expect(await images.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("alt")))).toEqual(["lamp.jpg", "piano.jpg", "sofa.jpg"]);
  const rows = await rowsOf(user);
  expect(rows.map((row) => row.file_name)).toEqual(["lamp.jpg", "piano.jpg", "sofa.jpg"]);
  await expect(images.first()).toHaveAttribute("src", `/dashboard/gallery/${rows[0]!.id}/thumb`);
  await expect(images.first()).toHaveAttribute("loading", "lazy");
  await expect.poll(() => images.first().evaluate((node: HTMLImageElement) => node.naturalWidth)).toBe(320);

  // The grid loads thumbnails: small, private, kept by the browser for good.
  const thumb = await page.request.get(`/dashboard/gallery/${rows[0]!.id}/thumb`);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()["content-type"]).toBe("image/jpeg");
  expect(thumb.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
  expect(thumb.headers()["x-content-type-options"]).toBe("nosniff");
  const full = await page.request.get(`/dashboard/gallery/${rows[0]!.id}/full`);
  expect(full.status()).toBe(200);
  const [thumbBytes, fullBytes] = [await thumb.body(), await full.body()];
  expect(Number(thumb.headers()["content-length"])).toBe(thumbBytes.byteLength);
  expect(thumbBytes.byteLength).toBeLessThan(fullBytes.byteLength);
  expect(await sharp(thumbBytes).metadata()).toMatchObject({ width: 320, height: 240 });
  expect(await sharp(fullBytes).metadata()).toMatchObject({ width: 1600, height: 1200 });

  // Preview: the full image, the day it was uploaded, and Delete Photo.
  await page.getByRole("link", { name: "Preview piano.jpg" }).click();
  const dialog = page.getByRole("dialog", { name: "piano.jpg" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "piano.jpg" })).toHaveAttribute("src", `/dashboard/gallery/${rows[1]!.id}/full`);
  const today = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "America/New_York" }).format(new Date());
  await expect(dialog.getByText(`Uploaded ${today}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Delete Photo" }).click();

  await expect(page.getByText("Image deleted")).toBeVisible();
  await expect(page.getByText("The image has been removed from your gallery.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(images).toHaveCount(2);
  await expect(photoList(page).getByRole("img", { name: "piano.jpg" })).toHaveCount(0);
  expect((await rowsOf(user)).map((row) => row.file_name)).toEqual(["lamp.jpg", "sofa.jpg"]);
  const files = await filesOf(user);
  expect(files).toHaveLength(4);
  expect(files).not.toContain(rows[1]!.path);
  expect(files).not.toContain(rows[1]!.thumbnail_path);
  expect((await page.request.get(`/dashboard/gallery/${rows[1]!.id}/thumb`)).status()).toBe(404);
});

test("with 19 photos, adding 2 is 'Too many images': one post adds neither, the drop zone adds the one that fits and can retry the other", async ({ page }) => {
  const user = await createTestUser({ fullName: "Gala Gallery" });
  const seeded = await seedPhotos(user, 19);
  await signInDirectly(page, user, GALLERY);
  await expect(photoList(page).getByRole("listitem")).toHaveCount(19);

  // The uploader's form post with both, as the server takes it: neither is added.
  const form = new FormData();
  form.set("intent", "upload");
  for (const file of [await photo("a.jpg"), await photo("b.jpg")])
    form.append("photos", new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
  const crafted = await page.request.post(UPLOAD, { multipart: form, maxRedirects: 0 });
  expect(crafted.status()).toBe(302);
  expect(await rowsOf(user)).toHaveLength(19);
  expect(await filesOf(user)).toHaveLength(38);
  await page.reload();

  await openUploader(page);
  await expect(page.getByText("You can add 1 more photo (a gallery holds at most 20).")).toBeVisible();
  await page.getByLabel("Choose photos").setInputFiles([await photo("a.jpg"), await photo("b.jpg")]);
  if (!javaScriptOn()) {
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("Too many images")).toBeVisible();
    await expect(page.getByText("A gallery holds at most 20 photos; you can add 1 more.")).toBeVisible();
    expect(await rowsOf(user)).toHaveLength(19);
    expect(await filesOf(user)).toHaveLength(38);
  } else {
    // One post per photo: the server takes the first and says why not the second.
    const b = chosenPhotos(page).getByRole("listitem").filter({ hasText: "b.jpg" });
    await expect(b).toContainText("Too many images. A gallery holds at most 20 photos; delete one to add another.");
    await expect(photoList(page).getByRole("img", { name: "a.jpg" })).toBeVisible();
    await expect(page.getByText("Your gallery is full: it holds at most 20 photos. Delete one to add another.")).toBeVisible();
    const full = await rowsOf(user);
    expect(full).toHaveLength(20);
    expect(full[0]!.file_name).toBe("a.jpg");

    // Once a photo is deleted there is room again: Retry sends it.
    await page.getByRole("button", { name: "Delete seeded-1.jpg" }).click();
    await expect(page.getByText("You can add 1 more photo (a gallery holds at most 20).")).toBeVisible();
    await b.getByRole("button", { name: "Retry b.jpg" }).click();
    await expect(photoList(page).getByRole("img", { name: "b.jpg" })).toBeVisible();
    await expect(chosenPhotos(page)).toHaveCount(0);
    const rows = await rowsOf(user);
    expect(rows.map((row) => row.file_name).slice(0, 2)).toEqual(["b.jpg", "a.jpg"]);
    expect(rows.map((row) => row.id)).not.toContain(seeded[0]!.id);
    expect(await filesOf(user)).toHaveLength(40);
  }
});

test("a full gallery says none fit, and a 21st photo is refused", async ({ page }) => {
  const user = await createTestUser({ fullName: "Gala Gallery" });
  await seedPhotos(user, 20);
  await signInDirectly(page, user, GALLERY);
  await openUploader(page);
  await expect(page.getByText("Your gallery is full: it holds at most 20 photos. Delete one to add another.")).toBeVisible();
  await expect(page.getByLabel("Choose photos")).toHaveCount(0);

  const form = new FormData();
  form.set("intent", "upload");
  const extra = await photo("twenty-first.jpg");
  form.append("photos", new File([new Uint8Array(extra.buffer)], extra.name, { type: extra.mimeType }));
  await page.request.post(UPLOAD, { multipart: form, maxRedirects: 0 });
  await page.goto(GALLERY);
  await expect(page.getByText("Too many images")).toBeVisible();
  await expect(page.getByText("A gallery holds at most 20 photos; delete one to add another.")).toBeVisible();
  expect(await rowsOf(user)).toHaveLength(20);
});

test("without a pointer that hovers, each photo's Preview and Delete are always shown and work by tapping", async ({ browser, baseURL }) => {
  test.skip(!javaScriptOn(), "without JavaScript the controls are always shown (checked by the tests above, which click them)");
  const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    const user = await createTestUser({ fullName: "Gala Gallery" });
    const [seeded] = await seedPhotos(user, 1);
    await signInDirectly(page, user, GALLERY);
    expect(await page.evaluate(() => matchMedia("(hover: hover)").matches)).toBe(false);
    const preview = page.getByRole("link", { name: "Preview seeded-1.jpg" });
    const remove = page.getByRole("button", { name: "Delete seeded-1.jpg" });
    // Shown without any hover (hydrated: the page has taken over the links).
    await expect(page.getByRole("button", { name: "Add Photos" })).toHaveAttribute("aria-expanded", "false");
    await expect(preview.locator("..")).toHaveCSS("opacity", "1");
    await preview.tap();
    await expect(page.getByRole("dialog", { name: "seeded-1.jpg" })).toBeVisible();
    await page.getByRole("link", { name: "Close" }).tap();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await remove.tap();
    await expect(page.getByText("Image deleted")).toBeVisible();
    expect(await rowsOf(user)).toEqual([]);
    expect(await filesOf(user)).not.toContain(seeded!.path);
  } finally {
    await context.close();
  }
});

test("with a pointer, a photo's controls appear on hover", async ({ page }) => {
  test.skip(!javaScriptOn(), "without JavaScript the controls are always shown");
  const user = await createTestUser({ fullName: "Gala Gallery" });
  await seedPhotos(user, 1);
  await signInDirectly(page, user, GALLERY);
  await expect(page.getByRole("button", { name: "Add Photos" })).toHaveAttribute("aria-expanded", "false");
  const controls = page.getByRole("link", { name: "Preview seeded-1.jpg" }).locator("..");
  await page.getByRole("heading", { name: "Your Photo Gallery" }).hover();
  await expect(controls).toHaveCSS("opacity", "0");
  await page.getByRole("img", { name: "seeded-1.jpg" }).hover();
  await expect(controls).toHaveCSS("opacity", "1");
});

test("another customer's photos: no image, no preview, no delete, nothing through the storage API or a public address", async ({ page, baseURL }) => {
  runOnceAcrossProjects();
  const owner = await createTestUser({ fullName: "Olive Owner" });
  const [theirs] = await seedPhotos(owner, 1);
  await signedInAtGallery(page, "Mallory Other");

  for (const variant of ["thumb", "full"]) {
    const response = await page.request.get(`/dashboard/gallery/${theirs!.id}/${variant}`);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  }
  expect((await page.request.get(`/dashboard/gallery/not-a-uuid/thumb`)).status()).toBe(404);
  expect((await page.request.get(`/dashboard/gallery/${theirs!.id}/original`)).status()).toBe(404);

  await page.goto(`${GALLERY}?preview=${theirs!.id}`);
  await expect(page.getByText("No photos yet")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const crafted = await page.request.post(GALLERY, { form: { intent: "delete", imageId: theirs!.id }, maxRedirects: 0 });
  expect(crafted.status()).toBe(302);
  expect(await rowsOf(owner)).toHaveLength(1);
  expect(await filesOf(owner)).toHaveLength(2);
  await page.goto(GALLERY);
  await expect(page.getByText("This photo is not in your gallery.")).toBeVisible();

  // The storage API itself, with no session: the bucket is private.
  const publicAddress = await page.request.get(`${baseURL}/storage/v1/object/public/user-images/${theirs!.path}`);
  expect(publicAddress.status()).toBeGreaterThanOrEqual(400);
  expect(publicAddress.headers()["content-type"] ?? "").not.toMatch(/^image\//);
});

test("an upload declaring more than twenty 10 MB photos is refused with 413 before its body is sent", async ({ page, baseURL }) => {
  await signedInAtGallery(page);
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const url = new URL(UPLOAD, baseURL);
  const started = Date.now();
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(url, {
      method: "POST",
      headers: {
        Cookie: cookies,
        Origin: url.origin,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(250 * 1024 * 1024),
      },
    });
    outgoing.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, body });
        outgoing.destroy();
      });
    });
    outgoing.on("error", reject);
    outgoing.flushHeaders();
  });
  expect(answer.status).toBe(413);
  expect(answer.body).toContain("Each photo can be at most 10 MB, and a gallery holds at most 20 photos.");
  expect(Date.now() - started).toBeLessThan(5_000);
});

test("dropped photos show their previews, then their thumbnails; a file that is no photo gets the server's message while the others are added", async ({
  page,
}) => {
  test.skip(!javaScriptOn(), "dragging files onto the page needs its script");
  const user = await signedInAtGallery(page);
  await openUploader(page);
  // The first answer is held back until the previews have been seen.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**${UPLOAD}`, async (route) => {
    await held;
    await route.continue();
  });
  const fake = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("a shopping list, not a picture") };
  await dropFiles(page, page.getByText("or drag them here"), [await photo("sofa.jpg"), fake, await photo("lamp.jpg", "#a68")]);

  const chosen = chosenPhotos(page);
  await expect(chosen.getByRole("listitem")).toHaveCount(3);
  // Each photo's preview is drawn from the file in the browser; the file that is no photo cannot be
  // drawn, and its picture leaves once the browser has tried (so the previews are read all at once).
  await expect
    .poll(() => chosen.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")?.startsWith("blob:") ?? false)))
    .toEqual([true, true]);
  await expect(chosen.getByRole("progressbar", { name: "Uploading sofa.jpg" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Uploading" })).toHaveText("Uploading 3 photos…");
  expect(await rowsOf(user)).toEqual([]);

  answer();
  await expect(photoList(page).getByRole("img")).toHaveCount(2);
  await expect(chosen.getByRole("listitem")).toHaveCount(1);
  await expect(chosen.getByRole("listitem")).toContainText(
    "Some files are not images. 0 of 1 photo was added. Not images: notes.png. Photos must be PNG, JPG or WebP images.",
  );
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("2 photos added. 1 photo could not be added.");
  const rows = await rowsOf(user);
  expect(rows.map((row) => row.file_name)).toEqual(["lamp.jpg", "sofa.jpg"]);
  expect(await filesOf(user)).toHaveLength(4);
  await expect(photoList(page).getByRole("img").first()).toHaveAttribute("src", `/dashboard/gallery/${rows[0]!.id}/thumb`);
  expect(await seriousViolations(page, "", { include: ["#upload"] })).toEqual([]);
  // The uploader stays open for more; the file that is no photo leaves the list when removed.
  await expect(page.getByRole("button", { name: "Add Photos" })).toHaveAttribute("aria-expanded", "true");
  await chosen.getByRole("button", { name: "Remove notes.png from the list" }).click();
  await expect(chosen).toHaveCount(0);
});

test("on a 390px touch screen, tapping the gallery's drop zone opens the file chooser and the photos are added", async ({ browser, baseURL }) => {
  test.skip(!javaScriptOn(), "without JavaScript the file input is the browser's own (the tests above use it)");
  const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    const user = await signedInAtGallery(page);
    // Armed a few round trips before the tap: the file chooser interception must be on when it lands.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload Your First Photo" }).tap();
    const zone = page.locator("label").filter({ hasText: "or drag them here" });
    expect((await zone.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await zone.tap();
    await (await chooser).setFiles([await photo("sofa.jpg"), await photo("lamp.jpg", "#a68")]);
    await expect(photoList(page).getByRole("img")).toHaveCount(2);
    expect((await rowsOf(user)).map((row) => row.file_name)).toEqual(["lamp.jpg", "sofa.jpg"]);
  } finally {
    await context.close();
  }
});

test("the gallery tab with its uploader open fits a 360px phone: nothing scrolls sideways, the uploader stays within the tab", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await createTestUser({ fullName: "Gala Gallery" });
  await seedPhotos(user, 2);
  await signInDirectly(page, user, GALLERY);
  await openUploader(page);
  const uploader = page.getByRole("region", { name: "Upload photos" });
  const tab = page.getByRole("region", { name: "Your Photo Gallery" });
  await expect(uploader.getByLabel("Choose photos")).toBeAttached();
  expect(await sidewaysOverflow(page, uploader, tab)).toEqual({ page: 0, section: 0 });
  if (javaScriptOn()) {
    // With a file's line in the list, too.
    const fake = { name: "a-scanned-document-with-a-rather-long-name.png", mimeType: "image/png", buffer: Buffer.from("not a picture") };
    await uploader.getByLabel("Choose photos").setInputFiles([fake]);
    await expect(chosenPhotos(page).getByRole("listitem")).toContainText("Some files are not images");
    expect(await sidewaysOverflow(page, uploader, tab)).toEqual({ page: 0, section: 0 });
  }
});

test("the drop zone works from the keyboard: Tab reaches it, it shows the focus, Space opens the file chooser", async ({ page }) => {
  test.skip(!javaScriptOn(), "without JavaScript the file input is the browser's own");
  const user = await signedInAtGallery(page);
  // Listening turns on the browser's file chooser interception, which takes a round trip of its own:
  // armed before the steps below, it is on by the time Space is pressed (armed just before, a key
  // press can win the race and open the browser's own chooser, which headless never shows).
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Your First Photo" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Upload photos" })).toBeVisible();
  // Tab order: Add Photos, then the zone's file input.
  await page.getByRole("button", { name: "Add Photos" }).focus();
  await page.keyboard.press("Tab");
  const input = page.getByLabel("Choose photos");
  await expect(input).toBeFocused();
  await expect(page.locator("div").filter({ has: input }).last()).toHaveCSS("outline-style", "solid");
  await page.keyboard.press("Space");
  await (await chooser).setFiles([await photo("sofa.jpg")]);
  await expect(photoList(page).getByRole("img", { name: "sofa.jpg" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText("1 photo added.");
  expect((await rowsOf(user)).map((row) => row.file_name)).toEqual(["sofa.jpg"]);
});

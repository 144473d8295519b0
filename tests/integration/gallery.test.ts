import { randomUUID } from "node:crypto";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GalleryTabData } from "../../app/components/dashboard/gallery-tab.tsx";
import { GALLERY_MESSAGES } from "../../app/domain/gallery-rules.ts";
import { GALLERY_BUCKET, deleteGalleryRow } from "../../app/services/gallery.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startTestApp, type TestApp } from "./support/app-client.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { signInCustomer, type Customer } from "./support/customer.ts";
import { heldUploadBody, largeTextFieldsBody } from "./support/upload-probes.ts";

// The gallery against the embedded Supabase, through the app's request handler: the gallery's upload
// route (uploads streamed, counted against the limit of 20, all or nothing; answers in JSON to the
// page's script) and the gallery page's action (deletes of the customer's own photos only), the
// image route serving a photo to its owner only, the database's limit, row level security on
// user_images, and the storage policies of the private user-images bucket.

let backend: TestBackend;
let app: TestApp;
/** For seeding and reading what the database holds; never reached through `fault`. */
let serviceRole: AppSupabaseClient;
/** Stands in for the app's database or storage on the requests it answers (a test's failure or race); the rest reach the backend. */
let fault: ((call: Request) => Promise<Response> | undefined) | undefined;
/** The warnings the app logged. */
const warnings: string[] = [];

const customer = (label = "gallery", on = app) => signInCustomer(on, label, "Gala Gallery");

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  const network: typeof fetch = (input, init) => {
    const call = new Request(input, init);
    return fault?.(call) ?? backend.fetch(call);
  };
  const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push((JSON.parse(line) as { msg: string }).msg) });
  app = await startTestApp(backend, { supabase: { url: backend.url, anonKey: backend.anonKey, fetch: network } }, { logger });
});

afterEach(() => {
  fault = undefined;
});

afterAll(async () => {
  await backend?.close();
});

const jpeg = (background = "#a86") =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: "AcmePhoneCamera" } })
    .toBuffer();

function file(bytes: Uint8Array, name: string, type = "image/jpeg"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function uploadForm(...files: File[]): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  for (const item of files) form.append("photos", item);
  return form;
}

const GALLERY = "/dashboard/gallery";
/** Where the gallery's delete forms post: the gallery page's own action. */
const GALLERY_FORM = GALLERY;
const UPLOAD = "/dashboard/gallery/upload";

/**
 * Posts as the browser would (a plain form post; the page's script posts the same form, asking for
 * JSON): a url-encoded form (a delete) to the gallery page's action, anything else to the
 * gallery's upload route; a body of the test's own making goes as it is. Refusals come back as plain
 * text; `toast` is the message the next page shows (where the answer redirects, else the gallery).
 */
async function post(who: Customer, body: FormData | URLSearchParams | ReadableStream<Uint8Array>, { headers = {} }: { headers?: Record<string, string> } = {}) {
  const response = await who.visitor.post(body instanceof URLSearchParams ? GALLERY_FORM : UPLOAD, body, { headers });
  const plain = response.headers.get("Content-Type")?.startsWith("text/plain");
  const toast = response.location || who.visitor.cookies().has(app.services.toastCookie.name) ? await who.visitor.toast(response.location ?? GALLERY) : null;
  return { response, refusal: plain ? { status: response.status, message: response.html } : null, toast };
}

/** GETs a photo's address through the app's image route, as this customer's browser does. */
function getImage(who: Customer, imageId: string, variant: string) {
  return who.visitor.send(new Request(`${TEST_PUBLIC_URL}/dashboard/gallery/${imageId}/${variant}`));
}

async function rowsOf(userId: string) {
  const { data, error } = await serviceRole
    .from("user_images")
    .select("*")
    .eq("user_id", userId)
    .order("uploaded_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw error;
  return data;
}

async function filesOf(userId: string): Promise<string[]> {
  const { data, error } = await serviceRole.storage.from(GALLERY_BUCKET).list(userId, { limit: 100 });
  if (error) throw error;
  return data.map((entry) => `${userId}/${entry.name}`).sort();
}

/** Gallery rows of this customer's, written by the service role (their files need not exist to count). */
async function seedRows(userId: string, count: number) {
  const rows = Array.from({ length: count }, (_, n) => {
    const id = randomUUID();
    return {
      id,
      user_id: userId,
      image_url: `/dashboard/gallery/${id}/full`,
      file_name: `seeded-${n}.jpg`,
      path: `${userId}/${id}.jpg`,
      thumbnail_path: `${userId}/${id}-thumb.jpg`,
    };
  });
  const { error } = await serviceRole.from("user_images").insert(rows);
  if (error) throw error;
  return rows;
}

/** One photo uploaded through the action; its row. */
async function uploadOne(who: Customer, name = "one.jpg") {
  await post(who, uploadForm(file(await jpeg(), name)));
  const row = (await rowsOf(who.user.id)).find((candidate) => candidate.file_name === name);
  if (!row) throw new Error(`${name} was not stored`);
  return row;
}

describe.skipIf(usingHostedBackend)("uploading to the gallery", () => {
  it("answers 429 with the wait once a customer has sent too many photos in a minute, decoding nothing more", async () => {
    // One action a minute: four photos per customer; deleting a photo is not an upload.
    const gala = await customer("gallery", await startTestApp(backend, { bookingActionsPerMinute: 1 }));
    const { toast } = await post(gala, uploadForm(file(await jpeg(), "a.jpg"), file(await jpeg(), "b.jpg")));
    expect(toast).toMatchObject({ type: "success", title: "2 photos added" });
    for (const name of ["c.jpg", "d.jpg"]) {
      const { toast } = await post(gala, uploadForm(file(await jpeg(), name)));
      expect(toast).toMatchObject({ type: "success" });
    }
    const fifth = await post(gala, uploadForm(file(await jpeg(), "e.jpg")));
    expect(fifth.refusal?.status).toBe(429);
    expect(fifth.refusal?.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect((await rowsOf(gala.user.id)).map((row) => row.file_name).sort()).toEqual(["a.jpg", "b.jpg", "c.jpg", "d.jpg"]);
    const [first] = await rowsOf(gala.user.id);
    const removal = await post(gala, new URLSearchParams({ intent: "delete", imageId: first!.id }));
    expect(removal.toast).toMatchObject({ title: GALLERY_MESSAGES.deleted });
  });

  it("counts every upload post against the limit, also one without photos", async () => {
    // One action a minute: six upload posts per customer.
    const gala = await customer("gallery", await startTestApp(backend, { bookingActionsPerMinute: 1 }));
    for (let n = 0; n < 6; n++) {
      const { toast } = await post(gala, uploadForm());
      expect(toast).toMatchObject({ title: GALLERY_MESSAGES.noneChosen });
    }
    const seventh = await post(gala, uploadForm(file(await jpeg(), "a.jpg")));
    expect(seventh.refusal?.status).toBe(429);
    expect(await rowsOf(gala.user.id)).toEqual([]);
  });

  it("takes a whole gallery in a minute one photo a post, as the page's script sends them, at the production allowance", async () => {
    const gala = await customer("gallery", await startTestApp(backend, { bookingActionsPerMinute: 10 }));
    const photo = await jpeg();
    const upload = async (name: string) => (await post(gala, uploadForm(file(photo, name)), { headers: { Accept: "application/json" } })).response.status;
    for (const name of ["1.jpg", "2.jpg", "3.jpg"]) expect(await upload(name)).toBe(200);
    const [newest] = await rowsOf(gala.user.id);
    const removal = await post(gala, new URLSearchParams({ intent: "delete", imageId: newest!.id }));
    expect(removal.toast).toMatchObject({ title: GALLERY_MESSAGES.deleted });
    const statuses: Array<number | undefined> = [];
    for (let n = 1; n <= 18; n++) statuses.push(await upload(`chosen-${n}.jpg`));
    expect(statuses).toEqual(Array(18).fill(200));
    expect(await rowsOf(gala.user.id)).toHaveLength(20);
  });

  it("refuses large text fields with 413, reading no more than one of them (19 fields of 10 MB)", async () => {
    const gala = await customer();
    const probe = largeTextFieldsBody({ count: 19, size: 10 * 1024 * 1024 });
    const { refusal } = await post(gala, probe.stream, { headers: { "Content-Type": probe.contentType } });
    expect(refusal?.status).toBe(413);
    expect(refusal?.message).toBe(GALLERY_MESSAGES.tooLarge);
    expect(probe.bytesRead()).toBeLessThan(11 * 1024 * 1024);
    expect(await rowsOf(gala.user.id)).toEqual([]);
  });

  it("refuses a third upload from one customer while two are in flight, and takes the next once they are done", async () => {
    const gala = await customer();
    const held = [heldUploadBody(), heldUploadBody()];
    const pending = held.map((body) => post(gala, body.stream, { headers: { "Content-Type": body.contentType } }));
    await Promise.all(held.map((body) => body.reading));
    const third = await post(gala, uploadForm(file(await jpeg(), "third.jpg")));
    expect(third.refusal).toEqual({ status: 429, message: GALLERY_MESSAGES.saveFailed });
    expect(third.response.headers.get("Retry-After")).toBeTruthy();
    for (const body of held) body.release();
    for (const { toast } of await Promise.all(pending)) expect(toast).toMatchObject({ title: GALLERY_MESSAGES.noneChosen });
    const next = await post(gala, uploadForm(file(await jpeg(), "next.jpg")));
    expect(next.toast).toMatchObject({ type: "success" });
    expect((await rowsOf(gala.user.id)).map((row) => row.file_name)).toEqual(["next.jpg"]);
  });

  it("stores several photos in one post, each with a thumbnail in the customer's folder, listed newest first", async () => {
    const gala = await customer();
    const { response, toast } = await post(
      gala,
      uploadForm(file(await jpeg(), "first.jpg"), file(await jpeg("#68a"), "second.jpg"), file(await jpeg("#6a8"), "third.jpg")),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/gallery");
    expect(toast).toMatchObject({ type: "success", title: "3 photos added" });

    const rows = await rowsOf(gala.user.id);
    expect(rows.map((row) => row.file_name)).toEqual(["third.jpg", "second.jpg", "first.jpg"]);
    for (const row of rows) {
      expect(row.image_url).toBe(`/dashboard/gallery/${row.id}/full`);
      expect(row.path).toBe(`${gala.user.id}/${row.id}.jpg`);
      expect(row.thumbnail_path).toBe(`${gala.user.id}/${row.id}-thumb.jpg`);
    }
    expect(await filesOf(gala.user.id)).toEqual(rows.flatMap((row) => [row.path, row.thumbnail_path!]).sort());

    // The tab lists them in that order, with the app's addresses of the thumbnails.
    const { gallery: tab } = await gala.visitor.loaderData<{ gallery: GalleryTabData }>(`${GALLERY}?preview=${rows[1]!.id}`, "routes/dashboard/gallery");
    expect(tab.photos.map((photo) => photo.fileName)).toEqual(["third.jpg", "second.jpg", "first.jpg"]);
    expect(tab.photos[0]!.thumbUrl).toBe(`/dashboard/gallery/${rows[0]!.id}/thumb`);
    expect(tab.previewId).toBe(rows[1]!.id);

    // What is stored has no camera details, and the thumbnail is the small copy.
    const image = await serviceRole.storage.from(GALLERY_BUCKET).download(rows[0]!.path);
    const imageBytes = Buffer.from(await image.data!.arrayBuffer());
    expect(imageBytes.includes(Buffer.from("AcmePhoneCamera"))).toBe(false);
    expect(await sharp(imageBytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 900 });
    const thumbnail = await serviceRole.storage.from(GALLERY_BUCKET).download(rows[0]!.thumbnail_path!);
    expect(await sharp(Buffer.from(await thumbnail.data!.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it("refuses a body declared larger than twenty 10 MB photos with 413 before reading it, closing the connection", async () => {
    const gala = await customer();
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const { refusal, response } = await post(gala, body, {
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(202 * 1024 * 1024) },
    });
    expect(refusal).toEqual({ status: 413, message: GALLERY_MESSAGES.tooLarge });
    expect(response.headers.get("Connection")).toBe("close");
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("refuses a photo over 10 MB with 413 and stores nothing", async () => {
    const gala = await customer();
    const { refusal } = await post(gala, uploadForm(file(new Uint8Array(10 * 1024 * 1024 + 1), "huge.jpg")));
    expect(refusal?.status).toBe(413);
    expect(await rowsOf(gala.user.id)).toEqual([]);
  });

  it("names the files that are not images and keeps the photos sent with them", async () => {
    const gala = await customer();
    const fake = file(Buffer.from("a shopping list, not a picture"), "notes.png", "image/png");
    const { toast } = await post(gala, uploadForm(fake, file(await jpeg(), "bed.jpg")));
    expect(toast).toMatchObject({ type: "error", title: GALLERY_MESSAGES.notImages });
    expect(toast?.description).toContain("1 of 2 photos were added. Not images: notes.png.");
    expect((await rowsOf(gala.user.id)).map((row) => row.file_name)).toEqual(["bed.jpg"]);
  });

  it("refuses more photos than the gallery has room for, storing none of them", async () => {
    const gala = await customer();
    await seedRows(gala.user.id, 19);
    const { toast } = await post(gala, uploadForm(file(await jpeg(), "a.jpg"), file(await jpeg(), "b.jpg")));
    expect(toast).toEqual({
      id: expect.any(String),
      type: "error",
      title: "Too many images",
      description: "A gallery holds at most 20 photos; you can add 1 more.",
    });
    expect(await rowsOf(gala.user.id)).toHaveLength(19);
    expect(await filesOf(gala.user.id)).toEqual([]);

    const twentieth = await post(gala, uploadForm(file(await jpeg(), "twentieth.jpg")));
    expect(twentieth.toast).toMatchObject({ type: "success", title: "1 photo added" });
    const twentyFirst = await post(gala, uploadForm(file(await jpeg(), "one-more.jpg")));
    expect(twentyFirst.toast).toMatchObject({ title: "Too many images", description: "A gallery holds at most 20 photos; delete one to add another." });
    expect(await rowsOf(gala.user.id)).toHaveLength(20);
    expect(await filesOf(gala.user.id)).toHaveLength(2);
  });

  it("when the database refuses the rows (another upload took the room meanwhile), removes the files it stored", async () => {
    const gala = await customer();
    await seedRows(gala.user.id, 18);
    // The count the action reads first says there is room; the rows arrive when there is none.
    let raced = false;
    fault = (call) => {
      if (raced || call.method !== "POST" || new URL(call.url).pathname !== "/rest/v1/user_images") return undefined;
      raced = true;
      return seedRows(gala.user.id, 2).then(() => backend.fetch(call));
    };
    const { toast } = await post(gala, uploadForm(file(await jpeg(), "late.jpg")));
    expect(raced).toBe(true);
    expect(toast).toMatchObject({ type: "error", title: "Too many images" });
    expect(await filesOf(gala.user.id)).toEqual([]);
    expect((await rowsOf(gala.user.id)).some((row) => row.file_name === "late.jpg")).toBe(false);
  });

  it("asks for a photo when the form is sent without one", async () => {
    const gala = await customer();
    const form = new FormData();
    form.set("intent", "upload");
    form.append("photos", new File([], ""), "");
    const { toast, response } = await post(gala, form);
    expect(toast).toMatchObject({ type: "info", title: GALLERY_MESSAGES.noneChosen });
    expect(response.headers.get("Location")).toBe("/dashboard/gallery?upload=1#upload");
  });
});

describe.skipIf(usingHostedBackend)("answering the page's script", () => {
  const asking = { Accept: "application/json" };

  it("tells the outcome of each post as JSON with a status, instead of a redirect and a message for the next page", async () => {
    const gala = await customer();
    await seedRows(gala.user.id, 18);
    const added = await post(gala, uploadForm(file(await jpeg(), "sofa.jpg")), { headers: asking });
    expect(added.response.status).toBe(200);
    expect(added.response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(JSON.parse(added.response.html)).toEqual({ type: "success", title: "1 photo added" });
    expect(added.toast).toBeNull();

    const fake = file(Buffer.from("a shopping list, not a picture"), "notes.png", "image/png");
    const notPhoto = await post(gala, uploadForm(fake), { headers: asking });
    expect(notPhoto.response.status).toBe(422);
    expect(JSON.parse(notPhoto.response.html)).toEqual({
      type: "error",
      title: GALLERY_MESSAGES.notImages,
      description: "0 of 1 photo was added. Not images: notes.png. Photos must be PNG, JPG or WebP images.",
    });

    await post(gala, uploadForm(file(await jpeg(), "twentieth.jpg")), { headers: asking });
    const full = await post(gala, uploadForm(file(await jpeg(), "one-more.jpg")), { headers: asking });
    expect(full.response.status).toBe(409);
    expect(JSON.parse(full.response.html)).toEqual({
      type: "error",
      title: GALLERY_MESSAGES.tooMany,
      description: "A gallery holds at most 20 photos; delete one to add another.",
    });
    expect((await rowsOf(gala.user.id)).map((row) => row.file_name).slice(0, 2)).toEqual(["twentieth.jpg", "sofa.jpg"]);
  });

  it("refuses a photo over 10 MB in the same plain words for both", async () => {
    const gala = await customer();
    const { refusal } = await post(gala, uploadForm(file(new Uint8Array(10 * 1024 * 1024 + 1), "huge.jpg")), { headers: asking });
    expect(refusal).toEqual({ status: 413, message: GALLERY_MESSAGES.tooLarge });
  });
});

describe.skipIf(usingHostedBackend)("the gallery page's action", () => {
  it("adds no photos: those go to the gallery's upload route", async () => {
    const gala = await customer();
    const page = await gala.visitor.post(GALLERY_FORM, { intent: "upload" });
    expect(page.status).toBe(400);
    expect(page.text).toContain(GALLERY_MESSAGES.malformed);
  });
});

const deleteForm = (imageId: string) => new URLSearchParams({ intent: "delete", imageId });

describe.skipIf(usingHostedBackend)("deleting from the gallery", () => {
  it("removes the photo's files and its row, then says so", async () => {
    const gala = await customer();
    const row = await uploadOne(gala);
    const { response, toast } = await post(gala, deleteForm(row.id));
    expect(response.headers.get("Location")).toBe("/dashboard/gallery");
    expect(toast).toMatchObject({ type: "success", title: "Image deleted", description: "The image has been removed from your gallery." });
    expect(await rowsOf(gala.user.id)).toEqual([]);
    expect(await filesOf(gala.user.id)).toEqual([]);
  });

  it("deletes nothing of another customer's, whatever id is posted", async () => {
    const gala = await customer();
    const mallory = await customer("mallory");
    const row = await uploadOne(gala);
    const { toast } = await post(mallory, deleteForm(row.id));
    expect(toast).toMatchObject({ type: "error", title: GALLERY_MESSAGES.notFound });
    expect(await rowsOf(gala.user.id)).toHaveLength(1);
    expect(await filesOf(gala.user.id)).toHaveLength(2);

    const notAnId = await post(mallory, deleteForm("../../etc/passwd"));
    expect(notAnId.toast).toMatchObject({ type: "error", title: GALLERY_MESSAGES.notFound });
  });

  it("still deletes the row when storage fails, logging a warning", async () => {
    const gala = await customer();
    const row = await uploadOne(gala);
    // Storage answers the removal of the photo's files with an error.
    fault = (call) =>
      call.method === "DELETE" && new URL(call.url).pathname.startsWith(`/storage/v1/object/${GALLERY_BUCKET}`)
        ? Promise.resolve(Response.json({ statusCode: "500", error: "internal", message: "storage is down" }, { status: 500 }))
        : undefined;
    warnings.length = 0;
    const { toast } = await post(gala, deleteForm(row.id));
    expect(toast).toMatchObject({ type: "success", title: "Image deleted" });
    expect(warnings).toEqual(["a gallery photo's files could not be removed from storage"]);
    expect(await rowsOf(gala.user.id)).toEqual([]);
  });

  it("deletes a customer's own row once, and answers not-found for a row that is not theirs or is gone", async () => {
    const gala = await customer();
    const mallory = await customer("mallory");
    const row = await uploadOne(gala);
    expect(await deleteGalleryRow(mallory.client, mallory.user.id, row.id)).toEqual({ kind: "not-found" });
    expect(await deleteGalleryRow(mallory.client, gala.user.id, row.id)).toEqual({ kind: "not-found" });
    expect(await rowsOf(gala.user.id)).toHaveLength(1);
    expect(await deleteGalleryRow(gala.client, gala.user.id, row.id)).toEqual({ kind: "deleted" });
    expect(await deleteGalleryRow(gala.client, gala.user.id, row.id)).toEqual({ kind: "not-found" });
    expect(await rowsOf(gala.user.id)).toEqual([]);
  });

  it("says so when the database cannot delete the row", async () => {
    const gala = await customer();
    const row = await uploadOne(gala);
    // The database answers the row's delete with a lost connection.
    fault = (call) =>
      call.method === "DELETE" && new URL(call.url).pathname === "/rest/v1/user_images"
        ? Promise.resolve(Response.json({ code: "08006", message: "connection failure" }, { status: 503 }))
        : undefined;
    const { toast } = await post(gala, deleteForm(row.id));
    expect(toast).toMatchObject({ type: "error", title: "Failed to delete the image. Please try again." });
    expect(await rowsOf(gala.user.id)).toHaveLength(1);
  });
});

describe.skipIf(usingHostedBackend)("the gallery's image route", () => {
  it("serves the owner's thumbnail and image with their type, size and private, lasting caching", async () => {
    const gala = await customer();
    const row = await uploadOne(gala);
    const thumb = await getImage(gala, row.id, "thumb");
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Content-Type")).toBe("image/jpeg");
    expect(thumb.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    expect(thumb.headers.get("Content-Length")).toBe(String(thumbBytes.byteLength));
    expect(await sharp(thumbBytes).metadata()).toMatchObject({ width: 320, height: 240 });

    const full = await getImage(gala, row.id, "full");
    expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 900 });
  });

  it("answers 404 for another customer's photo, an id that is not a uuid, an unknown variant, or a file gone from storage", async () => {
    const gala = await customer();
    const mallory = await customer("mallory");
    const row = await uploadOne(gala);
    for (const [who, id, variant] of [
      [mallory, row.id, "thumb"],
      [mallory, row.id, "full"],
      [gala, "not-a-uuid", "thumb"],
      [gala, row.id, "original"],
      [gala, randomUUID(), "thumb"],
    ] as const) {
      const response = await getImage(who, id, variant);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    }
    await serviceRole.storage.from(GALLERY_BUCKET).remove([row.thumbnail_path!]);
    expect((await getImage(gala, row.id, "thumb")).status).toBe(404);
  });
});

describe.skipIf(usingHostedBackend)("the gallery's limit in the database", () => {
  it("refuses the 21st row, also within one insert of several rows", async () => {
    const gala = await customer();
    const row = (n: number) => {
      const id = randomUUID();
      return { id, user_id: gala.user.id, image_url: `/dashboard/gallery/${id}/full`, file_name: `p-${n}.jpg`, path: `${gala.user.id}/${id}.jpg` };
    };
    expect((await gala.client.from("user_images").insert(Array.from({ length: 18 }, (_, n) => row(n)))).error).toBeNull();
    const crossing = await gala.client.from("user_images").insert([row(18), row(19), row(20)]);
    expect(crossing.error).toMatchObject({ code: "23514" });
    expect(await rowsOf(gala.user.id)).toHaveLength(18);
    expect((await gala.client.from("user_images").insert([row(18), row(19)])).error).toBeNull();
    expect((await gala.client.from("user_images").insert(row(20))).error).toMatchObject({ code: "23514", message: "A gallery holds at most 20 images" });
    expect(await rowsOf(gala.user.id)).toHaveLength(20);
  });
});

describe.skipIf(usingHostedBackend)("another customer's gallery", () => {
  it("cannot be read, deleted or written to in the database", async () => {
    const gala = await customer();
    const mallory = await customer("mallory");
    const row = await uploadOne(gala);
    expect((await mallory.client.from("user_images").select("*").eq("id", row.id)).data).toEqual([]);
    expect((await mallory.client.from("user_images").select("*").eq("user_id", gala.user.id)).data).toEqual([]);
    expect((await mallory.client.from("user_images").delete().eq("id", row.id).select()).data).toEqual([]);
    const id = randomUUID();
    const forGala = await mallory.client
      .from("user_images")
      .insert({ id, user_id: gala.user.id, image_url: `/dashboard/gallery/${id}/full`, file_name: "x.jpg", path: `${gala.user.id}/${id}.jpg` });
    expect(forGala.error).toMatchObject({ code: "42501" });
    const pointingIntoGalas = await mallory.client
      .from("user_images")
      .insert({ id, user_id: mallory.user.id, image_url: "/x", file_name: "x.jpg", path: `${mallory.user.id}/${id}.jpg`, thumbnail_path: row.thumbnail_path });
    expect(pointingIntoGalas.error).toMatchObject({ code: "23514" });
    expect(await rowsOf(gala.user.id)).toHaveLength(1);
  });

  it("cannot be downloaded, listed, signed, replaced or removed through the storage API, and the bucket has no public address", async () => {
    const gala = await customer();
    const mallory = await customer("mallory");
    const row = await uploadOne(gala);
    const theirs = mallory.client.storage.from(GALLERY_BUCKET);
    expect((await theirs.download(row.path)).error).toMatchObject({ statusCode: "404" });
    expect((await theirs.list(gala.user.id)).data).toEqual([]);
    const signed = await theirs.createSignedUrl(row.path, 60);
    expect(signed.data?.signedUrl ?? null).toBeNull();
    expect((await theirs.upload(row.path, Buffer.from("x"), { contentType: "image/jpeg", upsert: true })).error).toMatchObject({ statusCode: "403" });
    expect((await theirs.remove([row.path, row.thumbnail_path!])).data).toEqual([]);
    expect(await filesOf(gala.user.id)).toHaveLength(2);

    // The owner's own signed-in client gets it; nobody gets it by the public address.
    expect((await gala.client.storage.from(GALLERY_BUCKET).download(row.path)).error).toBeNull();
    const publicUrl = serviceRole.storage.from(GALLERY_BUCKET).getPublicUrl(row.path).data.publicUrl;
    expect(publicUrl).toContain("/storage/v1/object/public/user-images/");
    const anonymous = await backend.fetch(publicUrl);
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
  });
});

import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MESSAGES, type DraftPhoto } from "../../app/domain/photo-rules.ts";
import {
  BOOKING_IMAGES_BUCKET,
  attachDraftPhotos,
  createPhotoBatch,
  deleteDraftPhotoFiles,
  draftPhotoViews,
  storeDraftPhotos,
} from "../../app/services/booking-photos.server.ts";
import { savedBooking } from "./support/saved-booking.ts";
import { readDraft } from "../../app/domain/booking-wizard.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import type { Json } from "../../supabase/types.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import { startTestApp, type TestApp, type Visitor } from "./support/app-client.ts";
import { TEST_PUBLIC_URL } from "./support/app-harness.ts";
import { startDraft } from "./support/booking-draft.ts";
import { sampleBookingRequest } from "./support/booking-request.ts";
import { signInCustomer, type Customer } from "./support/customer.ts";
import { heldUploadBody, largeTextFieldsBody } from "./support/upload-probes.ts";
import { crewsToSpare } from "./support/crews.ts";

// Booking photos against the embedded Supabase, through the app's request handler: the upload
// route's answers (guests refused, sizes refused before reading, too many photos, files that are not
// photos), what reaches storage (no EXIF), the photo route serving a photo to its owner only, the
// storage policies deciding with the customer's own client, and attaching the draft's photos to the
// booking at Pay.

let backend: TestBackend;
let app: TestApp;
/** For seeding and reading what the database holds; never reached through `fault`. */
let serviceRole: AppSupabaseClient;
/** Stands in for the app's database on the requests it answers (a test's race); the rest reach the backend. */
let fault: ((call: Request) => Promise<Response> | undefined) | undefined;

const customer = (label = "photos", on = app) => signInCustomer(on, label, "Pia Photos");

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRole = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(serviceRole);
  const network: typeof fetch = (input, init) => {
    const call = new Request(input, init);
    return fault?.(call) ?? backend.fetch(call);
  };
  app = await startTestApp(backend, { supabase: { url: backend.url, anonKey: backend.anonKey, fetch: network } });
});

afterEach(() => {
  fault = undefined;
});

afterAll(async () => {
  await backend?.close();
});

const GPS = { GPSLatitudeRef: "N", GPSLatitude: "33/1 45/1 3600/100", GPSLongitudeRef: "W", GPSLongitude: "84/1 23/1 1200/100" };

const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#a86" } })
    .jpeg()
    .withExif({ IFD0: { Make: "AcmePhoneCamera" }, IFD3: GPS })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();

function file(bytes: Uint8Array, name: string, type = "image/jpeg"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Fake photos already on a draft (their files need not exist to count). */
function placeholders(userId: string, draftId: string, count: number): DraftPhoto[] {
  return Array.from({ length: count }, (_, n) => ({
    path: `${userId}/drafts/${draftId}/placeholder-${n}.jpg`,
    thumbPath: `${userId}/drafts/${draftId}/placeholder-${n}-thumb.jpg`,
    fileName: `placeholder-${n}.jpg`,
  }));
}

/** A draft row written by the service role, held by no browser. */
async function createDraft(userId: string | null, data: Json = {}): Promise<string> {
  const { data: row, error } = await serviceRole.from("booking_drafts").insert({ user_id: userId, data }).select("id").single();
  if (error) throw error;
  return row.id;
}

/** The customer's draft, started by their browser on the wizard's first step; its answers then set to `data` by the service role. */
async function beginDraft(who: Customer, data: Json = {}): Promise<string> {
  const id = await startDraft(app, who.visitor, { fullName: who.user.fullName, email: who.user.email, phone: "404-555-0142" });
  const { error } = await serviceRole.from("booking_drafts").update({ data }).eq("id", id);
  if (error) throw error;
  return id;
}

async function draftOf(id: string) {
  const { data, error } = await serviceRole.from("booking_drafts").select("data").eq("id", id).single();
  if (error) throw error;
  return readDraft(data.data);
}

async function filesIn(folder: string): Promise<string[]> {
  const { data, error } = await serviceRole.storage.from(BOOKING_IMAGES_BUCKET).list(folder.replace(/\/$/, ""), { limit: 100 });
  if (error) throw error;
  return data.map((entry) => entry.name).sort();
}

/** The browser's cookies as it sends them. */
const cookieHeader = (visitor: Visitor) => [...visitor.cookies()].map(([name, value]) => `${name}=${value}`).join("; ");

/** Where a message left for the next page is read: the wizard's first step, which every draft reaches. */
const NEXT_PAGE = "/book";

/**
 * Posts to the upload route as the customer's browser does (a plain form post; the page's script
 * posts the same form, asking for JSON), or as a guest's when `who` is null; a body of the test's own
 * making goes as it is. `server` is another server of the app (as behind a load balancer) that the
 * post reaches, with the same browser's cookies. `toast` is the message the next page shows.
 */
async function post(
  body: FormData | URLSearchParams | ReadableStream<Uint8Array>,
  { who, headers = {}, search = "", server }: { who: Customer | null; headers?: Record<string, string>; search?: string; server?: TestApp },
) {
  const browser = who?.visitor ?? app.visitor();
  const visitor = server ? server.visitor() : browser;
  const sent = server ? { ...headers, Cookie: cookieHeader(browser) } : headers;
  const response = await visitor.post(`/book/photos${search}`, body, { headers: sent });
  const toast = visitor.cookies().has(app.services.toastCookie.name) ? await visitor.toast(NEXT_PAGE) : null;
  return { response, toast };
}

/** `count` more servers of the app, each with its own memory (its limits of uploads in flight), as behind a load balancer. */
const servers = (count: number) => Promise.all(Array.from({ length: count }, () => startTestApp(backend)));

function uploadForm(...files: File[]): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  for (const item of files) form.append("photos", item);
  return form;
}

describe.skipIf(usingHostedBackend)("the photo upload route", () => {
  it("refuses guests with 403 and a plain message, without reading the body", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const { response, toast } = await post(body, { who: null, headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(response.html).toBe(PHOTO_MESSAGES.signInRequired);
    expect(toast).toBeNull();
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("refuses a body declared larger than ten 10 MB photos with 413 before reading it", async () => {
    const pia = await customer();
    await beginDraft(pia);
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const { response } = await post(body, {
      who: pia,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(102 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.html).toBe(PHOTO_MESSAGES.tooLarge);
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("refuses a single photo over 10 MB with 413", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    const { response } = await post(uploadForm(file(new Uint8Array(10 * 1024 * 1024 + 1), "huge.jpg")), { who: pia });
    expect(response.status).toBe(413);
    expect(await filesIn(`${pia.user.id}/drafts/${draftId}/`)).toEqual([]);
  });

  it("stores photos re-encoded without EXIF in the customer's draft folder and lists them on the draft", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia, { fullName: "Pia Photos", extraMovers: 2 });
    const { response, toast } = await post(uploadForm(file(await jpegWithGps(), "sofa.jpg"), file(await png(), "lamp.png", "image/png")), {
      who: pia,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/book/addons");
    expect(toast).toMatchObject({ type: "success", title: "2 photos added" });

    const draft = await draftOf(draftId);
    expect(draft).toMatchObject({ fullName: "Pia Photos", extraMovers: 2 });
    expect(draft.photos?.map((photo) => photo.fileName)).toEqual(["sofa.jpg", "lamp.png"]);
    const folder = `${pia.user.id}/drafts/${draftId}/`;
    for (const photo of draft.photos!) {
      expect(photo.path.startsWith(folder)).toBe(true);
      expect(photo.thumbPath.startsWith(folder)).toBe(true);
    }
    expect(draft.photos![0]!.path).toMatch(/\.jpg$/);
    expect(draft.photos![1]!.path).toMatch(/\.webp$/);
    expect(await filesIn(folder)).toHaveLength(4);

    const stored = await serviceRole.storage.from(BOOKING_IMAGES_BUCKET).download(draft.photos![0]!.path);
    const bytes = Buffer.from(await stored.data!.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("AcmePhoneCamera"))).toBe(false);
  });

  it("refuses a text file renamed .png, keeping the real photos sent with it", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    const fake = file(Buffer.from("not a picture at all"), "notes.png", "image/png");
    const { response, toast } = await post(uploadForm(fake, file(await jpegWithGps(), "bed.jpg")), { who: pia });
    expect(response.status).toBe(302);
    expect(toast).toMatchObject({ type: "error", title: PHOTO_MESSAGES.uploadFailed });
    expect(toast?.description).toContain("1 of 2 photos were added");
    expect((await draftOf(draftId)).photos?.map((photo) => photo.fileName)).toEqual(["bed.jpg"]);
  });

  it("refuses an 11th photo with 'Too many images' and stores none of the post", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    await serviceRole
      .from("booking_drafts")
      .update({ data: { photos: placeholders(pia.user.id, draftId, 9) } })
      .eq("id", draftId);
    const folder = `${pia.user.id}/drafts/${draftId}/`;

    const two = await post(uploadForm(file(await jpegWithGps(), "a.jpg"), file(await jpegWithGps(), "b.jpg")), { who: pia });
    expect(two.toast).toMatchObject({ type: "error", title: PHOTO_MESSAGES.tooMany });
    expect(await filesIn(folder)).toEqual([]);
    expect((await draftOf(draftId)).photos).toHaveLength(9);

    const tenth = await post(uploadForm(file(await jpegWithGps(), "tenth.jpg")), { who: pia });
    expect(tenth.toast).toMatchObject({ type: "success", title: "Photo added" });
    expect((await draftOf(draftId)).photos).toHaveLength(10);

    const eleventh = await post(uploadForm(file(await jpegWithGps(), "eleventh.jpg")), { who: pia });
    expect(eleventh.toast).toMatchObject({ type: "error", title: PHOTO_MESSAGES.tooMany });
    expect((await draftOf(draftId)).photos).toHaveLength(10);
    expect(await filesIn(folder)).toHaveLength(2);
  });

  it("tells the page's script the outcome of each post as JSON with a status, with no message left for the next page", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    await serviceRole
      .from("booking_drafts")
      .update({ data: { photos: placeholders(pia.user.id, draftId, 8) } })
      .eq("id", draftId);
    const asking = { Accept: "application/json" };

    const added = await post(uploadForm(file(await jpegWithGps(), "sofa.jpg")), { who: pia, headers: asking });
    expect(added.response.status).toBe(200);
    expect(added.response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(JSON.parse(added.response.html)).toEqual({ type: "success", title: "Photo added" });
    expect(added.toast).toBeNull();

    const fake = file(Buffer.from("not a picture at all"), "notes.png", "image/png");
    const notPhoto = await post(uploadForm(fake), { who: pia, headers: asking });
    expect(notPhoto.response.status).toBe(422);
    expect(JSON.parse(notPhoto.response.html)).toEqual({
      type: "error",
      title: PHOTO_MESSAGES.uploadFailed,
      description: "0 of 1 photo was added. Photos must be PNG, JPG or WebP images.",
    });

    await post(uploadForm(file(await jpegWithGps(), "tenth.jpg")), { who: pia, headers: asking });
    const full = await post(uploadForm(file(await jpegWithGps(), "eleventh.jpg")), { who: pia, headers: asking });
    expect(full.response.status).toBe(409);
    expect(JSON.parse(full.response.html)).toEqual({
      type: "error",
      title: PHOTO_MESSAGES.tooMany,
      description: "A booking holds at most 10 photos; remove one to add another.",
    });
    expect((await draftOf(draftId)).photos?.slice(8).map((photo) => photo.fileName)).toEqual(["sofa.jpg", "tenth.jpg"]);

    // Refusals of the body are plain text, for the script as for a page.
    const huge = await post(uploadForm(file(new Uint8Array(10 * 1024 * 1024 + 1), "huge.jpg")), { who: pia, headers: asking });
    expect(huge.response.status).toBe(413);
    expect(huge.response.html).toBe(PHOTO_MESSAGES.tooLarge);
  });

  it("asks for a photo when the form is sent without one", async () => {
    const pia = await customer();
    await beginDraft(pia);
    const form = new FormData();
    form.set("intent", "upload");
    form.append("photos", new File([], ""), "");
    const { toast } = await post(form, { who: pia });
    expect(toast).toMatchObject({ type: "info", title: PHOTO_MESSAGES.noneChosen });
  });

  it("removes a photo: its files and its place on the draft", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    await post(uploadForm(file(await jpegWithGps(), "a.jpg"), file(await jpegWithGps(), "b.jpg")), { who: pia });
    const [first, second] = (await draftOf(draftId)).photos!;

    const { response, toast } = await post(new URLSearchParams({ intent: "remove", path: first!.path }), { who: pia });
    expect(response.headers.get("Location")).toBe("/book/addons");
    expect(toast).toMatchObject({ type: "success", title: PHOTO_MESSAGES.removed });
    expect((await draftOf(draftId)).photos).toEqual([second]);
    expect(await filesIn(`${pia.user.id}/drafts/${draftId}/`)).toHaveLength(2);
  });

  it("keeps every photo of uploads to one draft at the same time, and never lists more than ten", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia, { fullName: "Pia Photos" });
    const folder = `${pia.user.id}/drafts/${draftId}/`;
    const photo = await jpegWithGps();
    // Each post reaches a server of its own (one server reads two of a customer's uploads at a time).
    const [one, two, three, four] = await servers(4);
    // Four posts of two: all eight fit.
    const fitting = await Promise.all(
      [one, two, three, four].map((server, n) => post(uploadForm(file(photo, `${n + 1}a.jpg`), file(photo, `${n + 1}b.jpg`)), { who: pia, server })),
    );
    expect(fitting.map(({ toast }) => toast?.title)).toEqual(Array(4).fill("2 photos added"));
    const listed = (await draftOf(draftId)).photos ?? [];
    expect(listed.map((entry) => entry.fileName).sort()).toEqual(["1a.jpg", "1b.jpg", "2a.jpg", "2b.jpg", "3a.jpg", "3b.jpg", "4a.jpg", "4b.jpg"]);
    expect((await draftOf(draftId)).fullName).toBe("Pia Photos");

    // Three more posts of two for the last two places: one gets them, the others are told there is no room.
    const racing = await Promise.all(
      [one, two, three].map((server, n) => post(uploadForm(file(photo, `${n + 5}a.jpg`), file(photo, `${n + 5}b.jpg`)), { who: pia, server })),
    );
    expect(racing.filter(({ toast }) => toast?.title === "2 photos added")).toHaveLength(1);
    expect(racing.filter(({ toast }) => toast?.title === PHOTO_MESSAGES.tooMany)).toHaveLength(2);
    const full = (await draftOf(draftId)).photos ?? [];
    expect(full).toHaveLength(10);
    // Every file in the folder is a listed photo or its thumbnail: the refused posts left nothing behind.
    const names = (path: string) => path.slice(folder.length);
    expect(await filesIn(folder)).toEqual(full.flatMap((entry) => [names(entry.path), names(entry.thumbPath)]).sort());
  });

  it("keeps a photo uploaded while a step is being saved from the page read before it", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia, { fullName: "Pia Photos" });
    // The add-ons step's post reads the draft (no photos yet), then a photo arrives before it saves.
    let saving!: () => void;
    const readAndSaving = new Promise<void>((resolve) => (saving = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    fault = (call) => {
      if (new URL(call.url).pathname !== "/rest/v1/rpc/save_draft_answers") return undefined;
      saving();
      return released.then(() => backend.fetch(call));
    };
    const step = pia.visitor.post("/book/addons", { extraMovers: "2" });
    await readAndSaving;
    const upload = await post(uploadForm(file(await jpegWithGps(), "sofa.jpg")), { who: pia });
    expect(upload.toast?.title).toBe("Photo added");
    release();
    expect(await step).toMatchObject({ status: 302, location: "/book/review" });
    const draft = await draftOf(draftId);
    expect(draft.extraMovers).toBe(2);
    expect(draft.fullName).toBe("Pia Photos");
    expect((draft.photos ?? []).map((photo) => photo.fileName)).toEqual(["sofa.jpg"]);
  });

  it("keeps photos uploaded while another is being removed", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    const photo = await jpegWithGps();
    await post(uploadForm(file(photo, "old.jpg")), { who: pia });
    const [old] = (await draftOf(draftId)).photos!;
    // Each post reaches a server of its own (one server reads two of a customer's uploads at a time).
    const [one, two, three] = await servers(3);
    const [, , removed] = await Promise.all([
      post(uploadForm(file(photo, "new1.jpg")), { who: pia, server: one }),
      post(uploadForm(file(photo, "new2.jpg")), { who: pia, server: two }),
      post(new URLSearchParams({ intent: "remove", path: old!.path }), { who: pia, server: three }),
    ]);
    expect(removed.toast).toMatchObject({ title: PHOTO_MESSAGES.removed });
    expect(((await draftOf(draftId)).photos ?? []).map((entry) => entry.fileName).sort()).toEqual(["new1.jpg", "new2.jpg"]);
  });

  it("answers 429 with the wait once a customer has posted too many uploads in a minute, before decoding or needing a draft", async () => {
    // One action a minute: four photos per customer, counted by file.
    const pia = await customer("photos", await startTestApp(backend, { bookingActionsPerMinute: 1 }));
    const draftId = await beginDraft(pia);
    const first = await post(uploadForm(file(await jpegWithGps(), "a.jpg"), file(await jpegWithGps(), "b.jpg")), { who: pia });
    expect(first.toast).toMatchObject({ type: "success", title: "2 photos added" });
    for (const name of ["c.jpg", "d.jpg"]) {
      const { toast } = await post(uploadForm(file(await jpegWithGps(), name)), { who: pia });
      expect(toast).toMatchObject({ type: "success", title: "Photo added" });
    }
    const { response, toast } = await post(uploadForm(file(await jpegWithGps(), "e.jpg")), { who: pia });
    expect(response.status).toBe(429);
    expect(response.html).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(toast).toBeNull();
    expect((await draftOf(draftId)).photos?.map((photo) => photo.fileName)).toEqual(["a.jpg", "b.jpg", "c.jpg", "d.jpg"]);
  });

  it("saves the add-ons step's answers that come with the photos from the step's own form", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia, { fullName: "Pia Photos", storageService: true });
    const form = uploadForm(file(await jpegWithGps(), "sofa.jpg"));
    form.set("packingService", "on");
    form.set("extraMovers", "2");
    form.set("specialInstructions", "Piano on the second floor");
    const { toast } = await post(form, { who: pia, search: "?answers=addons" });
    expect(toast).toMatchObject({ type: "success", title: "Photo added" });
    const draft = await draftOf(draftId);
    expect(draft).toMatchObject({
      fullName: "Pia Photos",
      packingService: true,
      storageService: false,
      extraMovers: 2,
      specialInstructions: "Piano on the second floor",
    });
    expect(draft.photos?.map((photo) => photo.fileName)).toEqual(["sofa.jpg"]);
  });

  it("keeps the draft's answers as they are when the photos come from the upload form alone", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia, { fullName: "Pia Photos", storageService: true });
    await post(uploadForm(file(await jpegWithGps(), "sofa.jpg")), { who: pia });
    expect(await draftOf(draftId)).toMatchObject({ fullName: "Pia Photos", storageService: true });
  });

  it("refuses large text fields with 413, reading no more than one of them (19 fields of 10 MB)", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    const probe = largeTextFieldsBody({ count: 19, size: 10 * 1024 * 1024 });
    const { response } = await post(probe.stream, { who: pia, headers: { "Content-Type": probe.contentType } });
    expect(response.status).toBe(413);
    expect(response.html).toBe(PHOTO_MESSAGES.tooLarge);
    expect(probe.bytesRead()).toBeLessThan(11 * 1024 * 1024);
    expect((await draftOf(draftId)).photos ?? []).toEqual([]);
  });

  it("refuses a third upload from one customer while two are in flight, and takes the next once they are done", async () => {
    const pia = await customer();
    const draftId = await beginDraft(pia);
    const held = [heldUploadBody(), heldUploadBody()];
    const pending = held.map((body) => post(body.stream, { who: pia, headers: { "Content-Type": body.contentType } }));
    await Promise.all(held.map((body) => body.reading));
    const third = await post(uploadForm(file(await jpegWithGps(), "third.jpg")), { who: pia });
    expect(third.response.status).toBe(429);
    expect(third.response.html).toBe(PHOTO_MESSAGES.uploadFailed);
    expect(third.response.headers.get("Retry-After")).toBeTruthy();
    for (const body of held) body.release();
    for (const { toast } of await Promise.all(pending)) expect(toast).toMatchObject({ title: PHOTO_MESSAGES.noneChosen });
    const next = await post(uploadForm(file(await jpegWithGps(), "next.jpg")), { who: pia });
    expect(next.toast).toMatchObject({ type: "success", title: "Photo added" });
    expect((await draftOf(draftId)).photos?.map((photo) => photo.fileName)).toEqual(["next.jpg"]);
  });

  it("sends a post without a draft to the wizard's first step without reading its files", async () => {
    const pia = await customer();
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const { response } = await post(body, { who: pia, headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/book");
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("sends a GET back to the add-ons step", async () => {
    const page = await app.visitor().get("/book/photos");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/book/addons");
  });
});

/** Any draft id, for a folder that holds nothing. */
const draftId0 = () => randomUUID();

describe.skipIf(usingHostedBackend)("booking photo storage", () => {
  it("writes only in the customer's own folder: the storage policies decide", async () => {
    const pia = await customer();
    const other = await customer("other");
    const batch = createPhotoBatch(10);
    await batch.add(file(await jpegWithGps(), "a.jpg"));
    const { ready } = batch.result();

    const intoOwn = await storeDraftPhotos(pia.client, { userId: pia.user.id, draftId: draftId0() }, ready);
    expect(intoOwn).toMatchObject({ failed: 0 });
    const intoOthers = await storeDraftPhotos(pia.client, { userId: other.user.id, draftId: draftId0() }, ready);
    expect(intoOthers).toEqual({ stored: [], failed: 1 });
    const asGuest = await storeDraftPhotos(backend.createClient() as unknown as AppSupabaseClient, { userId: pia.user.id, draftId: draftId0() }, ready);
    expect(asGuest).toEqual({ stored: [], failed: 1 });

    // Another customer can neither remove them (storage does not show them to her) nor sign them.
    await deleteDraftPhotoFiles(other.client, intoOwn.stored);
    const stillThere = await serviceRole.storage.from(BOOKING_IMAGES_BUCKET).download(intoOwn.stored[0]!.path);
    expect(stillThere.error).toBeNull();
    const signed = await other.client.storage.from(BOOKING_IMAGES_BUCKET).createSignedUrls([intoOwn.stored[0]!.thumbPath], 60);
    expect(signed.data?.[0]?.signedUrl ?? null).toBeNull();
  });

  it("shows the draft's own photos at the app's addresses: the owner gets them, nobody else does", async () => {
    const pia = await customer();
    const other = await customer("other");
    const draftId = draftId0();
    const batch = createPhotoBatch(10);
    await batch.add(file(await png(), "lamp.png", "image/png"));
    const { stored } = await storeDraftPhotos(pia.client, { userId: pia.user.id, draftId }, batch.result().ready);
    const someoneElses = placeholders(randomUUID(), draftId, 1);

    const views = draftPhotoViews({ userId: pia.user.id, draftId }, [...stored, ...someoneElses]);
    expect(views).toEqual([{ path: stored[0]!.path, fileName: "lamp.png", thumbUrl: `/book/photos/${stored[0]!.thumbPath}` }]);
    expect(draftPhotoViews({ userId: pia.user.id, draftId: null }, stored)).toEqual([]);

    const thumbnail = await getPhoto(pia, views[0]!.thumbUrl!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("Content-Type")).toBe("image/webp");
    expect(thumbnail.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 300, height: 200 });
    expect((await getPhoto(pia, `/book/photos/${stored[0]!.path}`)).status).toBe(200);

    // Another customer, a guest, and a path outside the stored shape: 404, nothing read.
    expect((await getPhoto(other, views[0]!.thumbUrl!)).status).toBe(404);
    expect((await getPhoto(null, views[0]!.thumbUrl!)).status).toBe(404);
    expect((await getPhoto(pia, `/book/photos/${pia.user.id}/drafts/${draftId}/..%2Fsecret.jpg`)).status).toBe(404);
  });

  it("no longer serves booking photos at a public storage address", async () => {
    const pia = await customer();
    const batch = createPhotoBatch(10);
    await batch.add(file(await png(), "lamp.png", "image/png"));
    const { stored } = await storeDraftPhotos(pia.client, { userId: pia.user.id, draftId: draftId0() }, batch.result().ready);
    const publicUrl = serviceRole.storage.from(BOOKING_IMAGES_BUCKET).getPublicUrl(stored[0]!.path).data.publicUrl;
    const response = await backend.fetch(publicUrl);
    expect(response.status).not.toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 4)
        .toString("latin1"),
    ).not.toBe("RIFF");
  });
});

/** GETs a booking photo's address through the app's route, as this customer's browser (or a guest's) does. */
function getPhoto(who: Customer | null, address: string): Promise<Response> {
  return (who?.visitor ?? app.visitor()).send(new Request(new URL(address, TEST_PUBLIC_URL)));
}

const bookingRequest = sampleBookingRequest({ fullName: "Pia Photos", email: "pia@example.com" });

async function imagesOf(bookingId: string) {
  const { data, error } = await serviceRole.from("booking_images").select("path, file_name").eq("booking_id", bookingId).order("path");
  if (error) throw error;
  return data;
}

describe.skipIf(usingHostedBackend)("attachDraftPhotos", () => {
  it("attaches the draft's photos to the booking once, however often it is called", async () => {
    const pia = await customer();
    const draftId = await createDraft(pia.user.id);
    const booking = await savedBooking(serviceRole, { request: bookingRequest, userId: pia.user.id, draftId });
    const photos = placeholders(pia.user.id, draftId, 10);

    expect(await attachDraftPhotos(serviceRole, booking.id, photos)).toBe(10);
    expect(await attachDraftPhotos(serviceRole, booking.id, photos)).toBe(10);
    await Promise.all([attachDraftPhotos(serviceRole, booking.id, photos), attachDraftPhotos(serviceRole, booking.id, photos)]);
    const rows = await imagesOf(booking.id);
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.file_name).sort()).toEqual(photos.map((photo) => photo.fileName).sort());
  });

  it("follows the draft when the customer comes back: removed photos are detached, new ones attached", async () => {
    const pia = await customer();
    const draftId = await createDraft(pia.user.id);
    const booking = await savedBooking(serviceRole, { request: bookingRequest, userId: pia.user.id, draftId });
    const [a, b, c] = placeholders(pia.user.id, draftId, 3);
    await attachDraftPhotos(serviceRole, booking.id, [a!, b!]);
    await attachDraftPhotos(serviceRole, booking.id, [b!, c!]);
    expect((await imagesOf(booking.id)).map((row) => row.path)).toEqual([b!.path, c!.path].sort());
  });

  it("attaches only photos from the booking owner's folder for its own draft, and none to a guest's booking", async () => {
    const pia = await customer();
    const draftId = await createDraft(pia.user.id);
    const booking = await savedBooking(serviceRole, { request: bookingRequest, userId: pia.user.id, draftId });
    const mine = placeholders(pia.user.id, draftId, 1);
    const strangers = placeholders(randomUUID(), draftId, 1);
    const otherDraft = placeholders(pia.user.id, randomUUID(), 1);
    expect(await attachDraftPhotos(serviceRole, booking.id, [...mine, ...strangers, ...otherDraft])).toBe(1);
    expect(await imagesOf(booking.id)).toEqual([{ path: mine[0]!.path, file_name: mine[0]!.fileName }]);

    const guestDraft = await createDraft(null);
    const guestBooking = await savedBooking(serviceRole, { request: bookingRequest, userId: null, draftId: guestDraft });
    expect(await attachDraftPhotos(serviceRole, guestBooking.id, placeholders(pia.user.id, guestDraft, 2))).toBe(0);
    expect(await imagesOf(guestBooking.id)).toEqual([]);
  });
});

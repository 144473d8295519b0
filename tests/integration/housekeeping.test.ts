import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimHousekeepingRun, purgeOldBookingDrafts, removeOrphanedFiles, runHousekeeping } from "../../app/services/housekeeping.server.ts";
import { createServiceRoleClient, type AppSupabaseClient } from "../../app/services/supabase.server.ts";
import { startTestBackend, usingHostedBackend, type TestBackend } from "../../emulators/supabase/testing/index.ts";
import type { Json } from "../../supabase/types.ts";
import { signInCustomer, signInStaff, type SignedInCustomer } from "./support/app-harness.ts";
import { crewsToSpare } from "./support/crews.ts";
import { insertStoredBooking } from "./support/stored-booking.ts";

// The daily housekeeping against the embedded Supabase on a data directory, so that a removed file
// is seen gone from the disk and not only from storage.objects: drafts older than 30 days with their
// photos, stored files no row points to once a day old, Stripe event ids older than 90 days, once
// across servers running it at the same time, and none of it callable by customers or staff.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let dataDir: string;
let backend: TestBackend;
let service: AppSupabaseClient;
let customer: SignedInCustomer;
let admin: SignedInCustomer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "movers-housekeeping-"));
  backend = await startTestBackend({ dataDir });
  service = createServiceRoleClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch }, backend.serviceRoleKey);
  await crewsToSpare(service);
  [customer, admin] = await Promise.all([signInCustomer(backend, "housekeeping"), signInStaff(backend, "admin", "housekeeping-admin", "Ada Admin")]);
}, 60_000);

afterAll(async () => {
  await backend?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  if (usingHostedBackend) return;
  // Each test's rows only (files of earlier tests stay on disk under names no test looks at again).
  for (const table of ["booking_drafts", "booking_images", "user_images", "stripe_events", "housekeeping_runs"])
    await backend.sql(`delete from public.${table}`);
  await backend.sql("delete from storage.objects");
  await backend.sql("update public.profiles set avatar_url = null");
  await backend.sql("update auth.users set raw_user_meta_data = raw_user_meta_data - 'avatar_url'");
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Stores a small file through the Storage API, last changed `ageMs` ago. */
async function storeFile(bucket: string, name: string, ageMs: number): Promise<void> {
  const { error } = await service.storage.from(bucket).upload(name, new Uint8Array([1, 2, 3]), { contentType: "image/webp" });
  if (error) throw error;
  await backend.sql("update storage.objects set created_at = $3, updated_at = $3 where bucket_id = $1 and name = $2", [bucket, name, ago(ageMs)]);
}

/** Whether the file is in storage: its row and its bytes on disk, which must agree. */
async function stored(bucket: string, name: string): Promise<boolean> {
  const rows = await backend.sql("select 1 from storage.objects where bucket_id = $1 and name = $2", [bucket, name]);
  const onDisk = existsSync(path.join(dataDir, "storage", bucket, ...name.split("/")));
  expect(onDisk, `${bucket}/${name}: the row and the file disagree`).toBe(rows.length === 1);
  return onDisk;
}

/** A draft photo of the customer's, stored (image and thumbnail) `ageMs` ago. */
async function draftPhoto(draftId: string, ageMs: number) {
  const name = `${customer.user.id}/drafts/${draftId}/${randomUUID()}`;
  const photo = { path: `${name}.webp`, thumbPath: `${name}-thumb.webp`, fileName: "sofa.webp" };
  await storeFile("booking-images", photo.path, ageMs);
  await storeFile("booking-images", photo.thumbPath, ageMs);
  return photo;
}

/** A draft of the customer's listing `photos`, last changed `ageMs` ago. */
async function insertDraft(id: string, photos: Array<{ path: string; thumbPath: string; fileName: string }>, ageMs: number): Promise<void> {
  const { error } = await service
    .from("booking_drafts")
    .insert({ id, user_id: customer.user.id, data: { fullName: "Hal Keeper", photos } as Json, created_at: ago(ageMs), updated_at: ago(ageMs) });
  if (error) throw error;
}

const draftIds = async () => (await backend.sql<{ id: string }>("select id from public.booking_drafts order by id")).map((row) => row.id);

describe.skipIf(usingHostedBackend)("booking drafts", () => {
  it("drafts not changed for 30 days go with their photos' files; younger ones and photos a booking keeps stay", async () => {
    const [old, young, booked] = [randomUUID(), randomUUID(), randomUUID()];
    const oldPhotos = [await draftPhoto(old, 31 * DAY), await draftPhoto(old, 31 * DAY)];
    const youngPhoto = await draftPhoto(young, 29 * DAY);
    const bookedPhoto = await draftPhoto(booked, 40 * DAY);
    await insertDraft(old, oldPhotos, 31 * DAY);
    await insertDraft(young, [youngPhoto], 29 * DAY);
    await insertDraft(booked, [bookedPhoto], 40 * DAY);
    // A booking saved from the third draft has its photo attached: the booking keeps it.
    const booking = await insertStoredBooking(service, customer, { draft_id: booked });
    const attached = await service.from("booking_images").insert({ booking_id: booking.id, path: bookedPhoto.path, file_name: bookedPhoto.fileName });
    expect(attached.error).toBeNull();

    expect(await purgeOldBookingDrafts(service)).toEqual({ drafts: 2, files: 4 });
    expect(await draftIds()).toEqual([young]);
    for (const photo of oldPhotos) {
      expect(await stored("booking-images", photo.path)).toBe(false);
      expect(await stored("booking-images", photo.thumbPath)).toBe(false);
    }
    for (const photo of [youngPhoto, bookedPhoto]) {
      expect(await stored("booking-images", photo.path)).toBe(true);
      expect(await stored("booking-images", photo.thumbPath)).toBe(true);
    }
    // Again: nothing left to delete.
    expect(await purgeOldBookingDrafts(service)).toEqual({ drafts: 0, files: 0 });
  });

  it("removes only files in the draft owner's folder for that draft, whatever the draft lists", async () => {
    const old = randomUUID();
    const someoneElses = `${admin.user.id}/drafts/${randomUUID()}/${randomUUID()}.webp`;
    await storeFile("booking-images", someoneElses, 2 * HOUR);
    await insertDraft(old, [{ path: someoneElses, thumbPath: someoneElses, fileName: "not-mine.webp" }], 31 * DAY);
    expect(await purgeOldBookingDrafts(service)).toEqual({ drafts: 1, files: 0 });
    expect(await stored("booking-images", someoneElses)).toBe(true);
  });
});

describe.skipIf(usingHostedBackend)("stored files no row points to", () => {
  it("go once a day old, in every bucket the app writes; files a row points to and younger ones stay", async () => {
    const user = customer.user.id;
    const draft = randomUUID();
    const id = () => randomUUID();
    // booking-images: a draft's photo, a booking's photo and its thumbnail, an old and a young orphan.
    const listed = await draftPhoto(draft, 3 * DAY);
    await insertDraft(draft, [listed], 0);
    const bookingPhoto = `${user}/drafts/${id()}/${id()}`;
    await storeFile("booking-images", `${bookingPhoto}.jpg`, 3 * DAY);
    await storeFile("booking-images", `${bookingPhoto}-thumb.jpg`, 3 * DAY);
    const booking = await insertStoredBooking(service, customer, { draft_id: id() });
    expect((await service.from("booking_images").insert({ booking_id: booking.id, path: `${bookingPhoto}.jpg`, file_name: "box.jpg" })).error).toBeNull();
    const oldOrphanPhoto = `${user}/drafts/${id()}/${id()}.webp`;
    const youngOrphanPhoto = `${user}/drafts/${id()}/${id()}.webp`;
    await storeFile("booking-images", oldOrphanPhoto, 25 * HOUR);
    await storeFile("booking-images", youngOrphanPhoto, 23 * HOUR);
    // user-images: a gallery photo with its thumbnail, and an orphan.
    const [galleryId, galleryPath, galleryThumb, galleryOrphan] = [id(), `${user}/${id()}.webp`, `${user}/${id()}-thumb.webp`, `${user}/${id()}.webp`];
    for (const name of [galleryPath, galleryThumb, galleryOrphan]) await storeFile("user-images", name, 2 * DAY);
    const gallery = await service.from("user_images").insert({
      id: galleryId,
      user_id: user,
      image_url: `/dashboard/gallery/${galleryId}`,
      file_name: "hall.webp",
      path: galleryPath,
      thumbnail_path: galleryThumb,
    });
    expect(gallery.error).toBeNull();
    // avatars: one named by the profile, one by the account's metadata, and a replaced one.
    const [profileAvatar, accountAvatar, replacedAvatar] = [
      `${user}/avatar-${id()}.webp`,
      `${admin.user.id}/avatar-${id()}.webp`,
      `${user}/avatar-${id()}.webp`,
    ];
    for (const name of [profileAvatar, accountAvatar, replacedAvatar]) await storeFile("avatars", name, 2 * DAY);
    const avatarUrl = (name: string) => service.storage.from("avatars").getPublicUrl(name).data.publicUrl;
    await backend.sql("update public.profiles set avatar_url = $2 where user_id = $1", [user, avatarUrl(profileAvatar)]);
    await backend.sql("update auth.users set raw_user_meta_data = raw_user_meta_data || jsonb_build_object('avatar_url', $2::text) where id = $1", [
      admin.user.id,
      avatarUrl(accountAvatar),
    ]);

    expect(await removeOrphanedFiles(service)).toEqual({ files: 3 });
    for (const [bucket, name] of [
      ["booking-images", oldOrphanPhoto],
      ["user-images", galleryOrphan],
      ["avatars", replacedAvatar],
    ] as const) {
      expect(await stored(bucket, name), `${bucket}/${name}`).toBe(false);
    }
    for (const [bucket, name] of [
      ["booking-images", listed.path],
      ["booking-images", listed.thumbPath],
      ["booking-images", `${bookingPhoto}.jpg`],
      ["booking-images", `${bookingPhoto}-thumb.jpg`],
      ["booking-images", youngOrphanPhoto],
      ["user-images", galleryPath],
      ["user-images", galleryThumb],
      ["avatars", profileAvatar],
      ["avatars", accountAvatar],
    ] as const) {
      expect(await stored(bucket, name), `${bucket}/${name}`).toBe(true);
    }
    expect(await removeOrphanedFiles(service)).toEqual({ files: 0 });
  });

  it("counts a file replaced within the day as young", async () => {
    const name = `${customer.user.id}/${randomUUID()}.webp`;
    await storeFile("user-images", name, 3 * DAY);
    await backend.sql("update storage.objects set updated_at = now() - interval '1 hour' where name = $1", [name]);
    expect(await removeOrphanedFiles(service)).toEqual({ files: 0 });
    expect(await stored("user-images", name)).toBe(true);
  });
});

describe.skipIf(usingHostedBackend)("Stripe event ids", () => {
  it("are kept 90 days", async () => {
    await backend.sql(
      `insert into public.stripe_events (event_id, type, received_at) values
         ('evt_old', 'checkout.session.completed', now() - interval '91 days'),
         ('evt_older', 'charge.refunded', now() - interval '400 days'),
         ('evt_kept', 'checkout.session.completed', now() - interval '89 days'),
         ('evt_new', 'checkout.session.completed', now())`,
    );
    const { removed, failed } = await runHousekeeping(service);
    expect(failed).toEqual([]);
    expect(removed.stripeEvents).toEqual({ rows: 2 });
    expect((await backend.sql<{ event_id: string }>("select event_id from public.stripe_events order by event_id")).map((row) => row.event_id)).toEqual([
      "evt_kept",
      "evt_new",
    ]);
  });
});

describe.skipIf(usingHostedBackend)("several servers", () => {
  it("claim the daily run once between them, again only once the claim is 23 hours old", async () => {
    const other = backend.createClient({ key: "service_role" }) as AppSupabaseClient;
    expect((await Promise.all([claimHousekeepingRun(service), claimHousekeepingRun(other)])).sort()).toEqual([false, true]);
    expect(await Promise.all([claimHousekeepingRun(service), claimHousekeepingRun(other)])).toEqual([false, false]);
    await backend.sql("update public.housekeeping_runs set claimed_at = now() - interval '22 hours 59 minutes'");
    expect(await claimHousekeepingRun(other)).toBe(false);
    await backend.sql("update public.housekeeping_runs set claimed_at = now() - interval '23 hours'");
    expect((await Promise.all([claimHousekeepingRun(service), claimHousekeepingRun(other), claimHousekeepingRun(service)])).sort()).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("running the housekeeping at the same time remove each thing once", async () => {
    const drafts = Array.from({ length: 6 }, () => randomUUID());
    for (const draft of drafts) await insertDraft(draft, [await draftPhoto(draft, 31 * DAY)], 31 * DAY);
    const orphans = Array.from({ length: 5 }, () => `${customer.user.id}/${randomUUID()}.webp`);
    for (const name of orphans) await storeFile("user-images", name, 2 * DAY);
    await backend.sql(
      "insert into public.stripe_events (event_id, type, received_at) select 'evt_' || n, 'charge.refunded', now() - interval '100 days' from generate_series(1, 7) n",
    );

    const servers = [
      service,
      backend.createClient({ key: "service_role" }) as AppSupabaseClient,
      backend.createClient({ key: "service_role" }) as AppSupabaseClient,
    ];
    const reports = await Promise.all(servers.map((server) => runHousekeeping(server)));
    expect(reports.flatMap((report) => report.failed)).toEqual([]);
    const total = (task: string, kind: string) => reports.reduce((sum, report) => sum + (report.removed[task]?.[kind] ?? 0), 0);
    expect(total("bookingDrafts", "drafts")).toBe(6);
    // Each draft's image and thumbnail, removed by the draft's purge or, once its draft was gone, by the sweep of another server.
    expect(total("bookingDrafts", "files") + total("orphanedFiles", "files")).toBe(12 + 5);
    expect(total("stripeEvents", "rows")).toBe(7);
    expect(await draftIds()).toEqual([]);
    expect(await backend.sql("select name from storage.objects")).toEqual([]);
    for (const name of orphans) expect(await stored("user-images", name)).toBe(false);
    // The website analytics purge is one of the tasks.
    expect(Object.keys(reports[0]!.removed)).toEqual(["bookingDrafts", "orphanedFiles", "stripeEvents", "websiteAnalytics", "rateLimits"]);
  });
});

describe.skipIf(usingHostedBackend)("who may run it", () => {
  it("the service role only: customers, staff and anonymous callers get 42501 and nothing changes", async () => {
    const old = randomUUID();
    const photo = await draftPhoto(old, 31 * DAY);
    await insertDraft(old, [photo], 31 * DAY);
    await backend.sql(
      "insert into public.stripe_events (event_id, type, received_at) values ('evt_kept_safe', 'charge.refunded', now() - interval '100 days')",
    );
    const calls = [
      ["claim_housekeeping_run", {}],
      ["purge_old_booking_drafts", { _limit: 10 }],
      ["orphaned_storage_objects", { _limit: 10 }],
      ["purge_old_stripe_events", {}],
      ["storage_names_in_use", {}],
    ] as const;
    for (const client of [customer.client, admin.client, backend.createClient({ key: "anon" }) as AppSupabaseClient]) {
      for (const [name, args] of calls) {
        const { error } = await client.rpc(name, args);
        expect(error?.code, `${name}`).toBe("42501");
      }
    }
    expect(await draftIds()).toEqual([old]);
    expect(await stored("booking-images", photo.path)).toBe(true);
    expect(await backend.sql("select 1 from public.stripe_events")).toHaveLength(1);
    expect(await backend.sql("select 1 from public.housekeeping_runs")).toHaveLength(0);
  });
});

import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import {
  MAX_BOOKING_PHOTOS,
  bookingPhotoAddress,
  draftPhotoFolder,
  isDraftPhotoOf,
  photoFileName,
  type DraftPhoto,
  type PhotoView,
} from "~/domain/photo-rules";
import { BookingStoreError } from "./bookings.server";
import { reencodePhoto, type ReencodedPhoto } from "./image-processing.server";
import type { AppSupabaseClient } from "./supabase.server";

/** The private storage bucket of booking photos; its policies give a user only the folder named after their id. */
export const BOOKING_IMAGES_BUCKET = "booking-images";

/** Stored photos never change under their random names: caches may keep them. */
const STORED_PHOTO_CACHE_SECONDS = String(365 * 24 * 60 * 60);

export interface PreparedPhoto extends ReencodedPhoto {
  fileName: string;
}

/** What came of the files of one upload, once they have all arrived. */
export interface PhotoBatch {
  /** Files sent (empty ones, as an empty file field sends, are not counted). */
  received: number;
  /** Photos checked and re-encoded, ready to store. Empty when there were too many. */
  ready: PreparedPhoto[];
  /** Files that were not a PNG, JPEG or WebP photo, or could not be decoded. */
  rejected: number;
  /** More files than the draft had room for: none of them is kept. */
  tooMany: boolean;
}

/**
 * Collects the photos of one upload as they arrive: each file is checked by its bytes and
 * re-encoded at once, and only the re-encoded result is kept. Once more files have come than the
 * draft has room for, nothing is kept and the rest are not decoded.
 */
export function createPhotoBatch(room: number): { add(file: File): Promise<void>; result(): PhotoBatch } {
  const batch: PhotoBatch = { received: 0, ready: [], rejected: 0, tooMany: false };
  return {
    async add(file) {
      // A file field left empty arrives as an empty file; an empty file holds no photo either.
      if (file.size === 0) return;
      batch.received += 1;
      if (batch.received > room) {
        batch.tooMany = true;
        batch.ready = [];
      }
      if (batch.tooMany) return;
      const reencoded = await reencodePhoto(new Uint8Array(await file.arrayBuffer()));
      if (reencoded.kind === "rejected") batch.rejected += 1;
      else batch.ready.push({ image: reencoded.image, thumbnail: reencoded.thumbnail, fileName: photoFileName(file.name) });
    },
    result: () => batch,
  };
}

/**
 * Stores re-encoded photos, each with its thumbnail, in the customer's folder for the draft,
 * through the customer's own client (the bucket's policies decide). Returns the photos stored, in
 * order, and how many could not be.
 */
export async function storeDraftPhotos(
  supabase: AppSupabaseClient,
  owner: { userId: string; draftId: string },
  photos: readonly PreparedPhoto[],
): Promise<{ stored: DraftPhoto[]; failed: number }> {
  const stored: DraftPhoto[] = [];
  let failed = 0;
  const bucket = supabase.storage.from(BOOKING_IMAGES_BUCKET);
  for (const photo of photos) {
    const name = `${draftPhotoFolder(owner.userId, owner.draftId)}${crypto.randomUUID()}`;
    const path = `${name}.${photo.image.extension}`;
    const thumbPath = `${name}-thumb.${photo.thumbnail.extension}`;
    const options = (contentType: string) => ({ contentType, upsert: false, cacheControl: STORED_PHOTO_CACHE_SECONDS });
    const [image, thumbnail] = await Promise.all([
      bucket.upload(path, photo.image.bytes, options(photo.image.contentType)),
      bucket.upload(thumbPath, photo.thumbnail.bytes, options(photo.thumbnail.contentType)),
    ]);
    if (image.error || thumbnail.error) {
      failed += 1;
      const partial = [image.error ? null : path, thumbnail.error ? null : thumbPath].filter((item) => item !== null);
      if (partial.length > 0) await bucket.remove(partial);
      continue;
    }
    stored.push({ path, thumbPath, fileName: photo.fileName });
  }
  return { stored, failed };
}

/**
 * Lists stored photos on the draft, after those it lists already, when they fit within the ten a
 * booking holds. The database adds them under a lock on the draft, so uploads at the same time all
 * keep their photos. `no-room` when they do not fit (or the draft is gone): nothing is listed then.
 */
export async function addDraftPhotos(
  serviceRole: AppSupabaseClient,
  draftId: string,
  photos: readonly DraftPhoto[],
): Promise<{ kind: "added" } | { kind: "no-room" }> {
  const { data, error } = await serviceRole.rpc("add_draft_photos", { draft_id: draftId, photos: [...photos], max_photos: MAX_BOOKING_PHOTOS });
  if (error) throw new BookingStoreError("could not list photos on the draft", error);
  return data ? { kind: "added" } : { kind: "no-room" };
}

/** Takes the photo stored at `path` off the draft's list, under the same lock. */
export async function removeDraftPhoto(serviceRole: AppSupabaseClient, draftId: string, path: string): Promise<void> {
  const { error } = await serviceRole.rpc("remove_draft_photo", { draft_id: draftId, path });
  if (error) throw new BookingStoreError("could not take a photo off the draft", error);
}

/**
 * Deletes a photo's files (image and thumbnail) through the customer's own client: `removed` when
 * they are gone, also when they were gone already; `failed` when storage refused or could not be reached.
 */
export async function deleteDraftPhotoFiles(
  supabase: AppSupabaseClient,
  photos: readonly DraftPhoto[],
): Promise<{ kind: "removed" } | { kind: "failed"; cause: unknown }> {
  if (photos.length === 0) return { kind: "removed" };
  const { error } = await supabase.storage.from(BOOKING_IMAGES_BUCKET).remove(photos.flatMap((photo) => [photo.path, photo.thumbPath]));
  return error ? { kind: "failed", cause: error } : { kind: "removed" };
}

/**
 * The draft's photos as the picker shows them, each thumbnail at the app's address for it. Photos
 * outside the customer's folder for this draft (left by someone else who used the same browser) are
 * not shown.
 */
export function draftPhotoViews(owner: { userId: string; draftId: string | null }, photos: readonly DraftPhoto[]): PhotoView[] {
  const { draftId } = owner;
  if (!draftId) return [];
  return photos
    .filter((photo) => isDraftPhotoOf(photo, owner.userId, draftId))
    .map((photo) => ({ path: photo.path, fileName: photo.fileName, thumbUrl: bookingPhotoAddress(photo.thumbPath) }));
}

/**
 * A stored booking photo's bytes, downloaded with the visitor's own client (the bucket is private;
 * its policies give a customer their own folder only): `not-found` when storage has no such file for
 * them, `failed` when it could not be reached.
 */
export async function downloadBookingPhoto(
  supabase: AppSupabaseClient,
  path: string,
): Promise<Lookup<{ bytes: ArrayBuffer; contentType: "image/jpeg" | "image/webp" }> | { kind: "failed"; cause: unknown }> {
  const { data, error } = await supabase.storage.from(BOOKING_IMAGES_BUCKET).download(path);
  if (error || !data) {
    const { status, statusCode } = (error ?? {}) as { status?: number; statusCode?: string };
    return status === 400 || status === 404 || statusCode === "404" ? NOT_FOUND : { kind: "failed", cause: error };
  }
  return { kind: "found", bytes: await data.arrayBuffer(), contentType: path.endsWith(".jpg") ? "image/jpeg" : "image/webp" };
}

/**
 * Makes the booking's images the draft's photos: attaches those not attached yet and detaches
 * those the customer removed from the draft since an earlier attempt to pay. Only photos in the
 * booking owner's folder for the booking's own draft are attached (a guest's booking gets none),
 * at most ten. Safe to call again, also at the same time. Returns how many are attached.
 * Throws BookingStoreError when the database fails.
 */
export async function attachDraftPhotos(serviceRole: AppSupabaseClient, bookingId: string, photos: readonly DraftPhoto[]): Promise<number> {
  const booking = await serviceRole.from("bookings").select("user_id, draft_id").eq("id", bookingId).maybeSingle();
  if (booking.error) throw new BookingStoreError("could not read the booking to attach photos to", booking.error);
  const userId = booking.data?.user_id;
  const draftId = booking.data?.draft_id;
  if (!userId || !draftId) return 0;

  const wanted = new Map<string, DraftPhoto>();
  for (const photo of photos) {
    if (wanted.size < MAX_BOOKING_PHOTOS && isDraftPhotoOf(photo, userId, draftId)) wanted.set(photo.path, photo);
  }
  const folder = draftPhotoFolder(userId, draftId);
  const attached = async () => {
    const rows = await serviceRole.from("booking_images").select("id, path").eq("booking_id", bookingId);
    if (rows.error) throw new BookingStoreError("could not read the booking's photos", rows.error);
    return rows.data;
  };

  const before = await attached();
  const stale = before.filter((row) => row.path.startsWith(folder) && !wanted.has(row.path)).map((row) => row.id);
  if (stale.length > 0) {
    const removed = await serviceRole.from("booking_images").delete().in("id", stale);
    if (removed.error) throw new BookingStoreError("could not detach removed photos from the booking", removed.error);
  }
  const present = new Set(before.map((row) => row.path));
  const missing = [...wanted.values()].filter((photo) => !present.has(photo.path));
  if (missing.length > 0) {
    const inserted = await serviceRole.from("booking_images").upsert(
      missing.map((photo) => ({ booking_id: bookingId, path: photo.path, file_name: photo.fileName })),
      { onConflict: "booking_id,path", ignoreDuplicates: true },
    );
    if (inserted.error) {
      // A call at the same time may have attached them first (the limit trigger then refuses ours).
      const now = new Set((await attached()).map((row) => row.path));
      if (!missing.every((photo) => now.has(photo.path))) throw new BookingStoreError("could not attach photos to the booking", inserted.error);
    }
  }
  return wanted.size;
}

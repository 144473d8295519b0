import { galleryContentType, galleryImagePath, galleryObjectPaths, type GalleryImageVariant } from "~/domain/gallery-rules";
import { NOT_FOUND, type Lookup } from "~/domain/lookup";
import { photoFileName } from "~/domain/photo-rules";
import { reencodePhoto, type ReencodedPhoto } from "./image-processing.server";
import type { AppSupabaseClient } from "./supabase.server";

// Every function here takes the visitor's own client: row level security and the storage policies
// decide what a customer may read, write and delete (their own rows and folder only). Reads also name
// the customer, since an admin's client may read every customer's rows.

/** The private bucket of gallery photos: served through the app to their owner, never by a public address. */
export const GALLERY_BUCKET = "user-images";

/** Stored photos never change under their random names: caches may keep them. */
const STORED_PHOTO_CACHE_SECONDS = String(365 * 24 * 60 * 60);

/** The database refused a photo beyond the gallery's limit (its trigger's check_violation). */
const CHECK_VIOLATION = "23514";

export class GalleryStoreError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${typeof cause === "object" && cause !== null && "message" in cause ? String(cause.message) : String(cause)}`, { cause });
    this.name = "GalleryStoreError";
  }
}

/** A photo in the gallery as the page lists it. */
export interface GalleryPhoto {
  id: string;
  fileName: string;
  uploadedAt: string;
}

/** The customer's photos, newest first. Throws GalleryStoreError when the database fails. */
export async function listGalleryPhotos(supabase: AppSupabaseClient, userId: string): Promise<GalleryPhoto[]> {
  const { data, error } = await supabase
    .from("user_images")
    .select("id, file_name, uploaded_at")
    .eq("user_id", userId)
    .order("uploaded_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw new GalleryStoreError("could not list the gallery", error);
  return data.map((row) => ({ id: row.id, fileName: row.file_name, uploadedAt: row.uploaded_at }));
}

/** How many photos the customer's gallery holds. Throws GalleryStoreError when the database fails. */
export async function countGalleryPhotos(supabase: AppSupabaseClient, userId: string): Promise<number> {
  const { count, error } = await supabase.from("user_images").select("id", { count: "exact", head: true }).eq("user_id", userId);
  if (error || count === null) throw new GalleryStoreError("could not count the gallery", error);
  return count;
}

export interface PreparedGalleryPhoto extends ReencodedPhoto {
  fileName: string;
}

/** What came of the files of one upload, once they have all arrived. */
export interface GalleryBatch {
  /** Files sent (empty ones, as an empty file field sends, are not counted). */
  received: number;
  /** Photos checked and re-encoded, ready to store. Empty when there were too many. */
  ready: PreparedGalleryPhoto[];
  /** Names of the files that were not a PNG, JPEG or WebP photo, or could not be decoded. */
  rejected: string[];
  /** More files than the gallery had room for: none of them is kept. */
  tooMany: boolean;
}

/**
 * Collects the photos of one upload as they arrive: each file is checked by its bytes and
 * re-encoded at once, and only the re-encoded result is kept. Once more files have come than the
 * gallery has room for, nothing is kept and the rest are not decoded.
 */
export function createGalleryBatch(room: number): { add(file: File): Promise<void>; result(): GalleryBatch } {
  const batch: GalleryBatch = { received: 0, ready: [], rejected: [], tooMany: false };
  return {
    async add(file) {
      if (file.size === 0) return;
      batch.received += 1;
      if (batch.received > room) {
        batch.tooMany = true;
        batch.ready = [];
      }
      if (batch.tooMany) return;
      const reencoded = await reencodePhoto(new Uint8Array(await file.arrayBuffer()));
      if (reencoded.kind === "rejected") batch.rejected.push(photoFileName(file.name));
      else batch.ready.push({ image: reencoded.image, thumbnail: reencoded.thumbnail, fileName: photoFileName(file.name) });
    },
    result: () => batch,
  };
}

export type GallerySaveResult =
  | { kind: "saved"; added: number }
  /** The database refused the rows: they would take the gallery beyond its limit. */
  | { kind: "too-many" }
  /** A file could not be stored, or the rows could not be written. */
  | { kind: "failed" };

/**
 * Stores the photos (each image with its thumbnail) in the customer's folder, then records them
 * all with one insert. All or nothing: when a file cannot be stored, or the database refuses the
 * rows (beyond the gallery's limit: "too-many"), the files already stored are removed again.
 */
export async function saveGalleryPhotos(supabase: AppSupabaseClient, userId: string, photos: readonly PreparedGalleryPhoto[]): Promise<GallerySaveResult> {
  const bucket = supabase.storage.from(GALLERY_BUCKET);
  const stored: string[] = [];
  const rows: Array<{ id: string; user_id: string; image_url: string; file_name: string; path: string; thumbnail_path: string }> = [];
  let failed = false;
  for (const photo of photos) {
    const id = timeOrderedId();
    const { path, thumbnailPath } = galleryObjectPaths(userId, id, { image: photo.image.extension, thumbnail: photo.thumbnail.extension });
    const options = (contentType: string) => ({ contentType, upsert: false, cacheControl: STORED_PHOTO_CACHE_SECONDS });
    const [image, thumbnail] = await Promise.all([
      bucket.upload(path, photo.image.bytes, options(photo.image.contentType)),
      bucket.upload(thumbnailPath, photo.thumbnail.bytes, options(photo.thumbnail.contentType)),
    ]);
    if (!image.error) stored.push(path);
    if (!thumbnail.error) stored.push(thumbnailPath);
    if (image.error || thumbnail.error) {
      failed = true;
      break;
    }
    rows.push({ id, user_id: userId, image_url: galleryImagePath(id, "full"), file_name: photo.fileName, path, thumbnail_path: thumbnailPath });
  }
  if (!failed) {
    const { error } = await supabase.from("user_images").insert(rows);
    if (!error) return { kind: "saved", added: rows.length };
    await removeGalleryFiles(supabase, stored);
    return { kind: error.code === CHECK_VIOLATION ? "too-many" : "failed" };
  }
  await removeGalleryFiles(supabase, stored);
  return { kind: "failed" };
}

let lastIdMillis = 0;

/**
 * A new photo's id: a UUID version 7, whose first 48 bits are the time in milliseconds (strictly
 * increasing within this process), so ids sort in the order the photos were taken in. The photos of
 * one upload are inserted together and share their uploaded_at; the id orders them, newest first.
 */
export function timeOrderedId(): string {
  lastIdMillis = Math.max(Date.now(), lastIdMillis + 1);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let millis = lastIdMillis;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = millis % 256;
    millis = Math.floor(millis / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A gallery row's stored files. */
export interface GalleryPhotoFiles {
  id: string;
  path: string;
  thumbnailPath: string | null;
}

/**
 * The customer's photo with this id, or `not-found` when there is none (or it is someone else's). Throws
 * GalleryStoreError when the database fails.
 */
export async function findGalleryPhoto(supabase: AppSupabaseClient, userId: string, imageId: string): Promise<Lookup<{ photo: GalleryPhotoFiles }>> {
  const { data, error } = await supabase.from("user_images").select("id, path, thumbnail_path").eq("id", imageId).eq("user_id", userId).maybeSingle();
  if (error) throw new GalleryStoreError("could not read the photo", error);
  return data ? { kind: "found", photo: { id: data.id, path: data.path, thumbnailPath: data.thumbnail_path } } : NOT_FOUND;
}

/** Removes stored files: `removed` when they are gone (also when they were gone already), `failed` when storage refused or could not be reached. */
export async function removeGalleryFiles(
  supabase: AppSupabaseClient,
  paths: readonly string[],
): Promise<{ kind: "removed" } | { kind: "failed"; cause: unknown }> {
  if (paths.length === 0) return { kind: "removed" };
  const { error } = await supabase.storage.from(GALLERY_BUCKET).remove([...paths]);
  return error ? { kind: "failed", cause: error } : { kind: "removed" };
}

/** Deletes the customer's photo row: `deleted`, `not-found` when they have no such row (any more), or `failed` when the database failed. */
export async function deleteGalleryRow(
  supabase: AppSupabaseClient,
  userId: string,
  imageId: string,
): Promise<{ kind: "deleted" } | { kind: "not-found" } | { kind: "failed"; cause: unknown }> {
  const { data, error } = await supabase.from("user_images").delete().eq("id", imageId).eq("user_id", userId).select("id");
  if (error) return { kind: "failed", cause: error };
  return data.length === 1 ? { kind: "deleted" } : NOT_FOUND;
}

/** The object a variant is served from: a photo saved before thumbnails existed shows its image in the grid. */
export function galleryObjectPath(photo: GalleryPhotoFiles, variant: GalleryImageVariant): string {
  return variant === "thumb" ? (photo.thumbnailPath ?? photo.path) : photo.path;
}

/**
 * A stored file's bytes and type; `not-found` when storage has no such file for this visitor (gone,
 * or not theirs), `failed` when storage could not answer.
 */
export async function downloadGalleryObject(
  supabase: AppSupabaseClient,
  path: string,
): Promise<Lookup<{ bytes: ArrayBuffer; contentType: string }> | { kind: "failed"; cause: unknown }> {
  const { data, error } = await supabase.storage.from(GALLERY_BUCKET).download(path);
  if (error || !data) {
    const { status, statusCode } = (error ?? {}) as { status?: number; statusCode?: string };
    return status === 404 || statusCode === "404" ? NOT_FOUND : { kind: "failed", cause: error };
  }
  const contentType = galleryContentType(path) ?? (data.type.startsWith("image/") ? data.type : null);
  if (!contentType) return NOT_FOUND;
  return { kind: "found", bytes: await data.arrayBuffer(), contentType };
}

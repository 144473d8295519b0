import { z } from "zod/mini";
import { builtOnce } from "./built-once";

/** A booking holds at most this many photos of the customer's belongings. */
export const MAX_BOOKING_PHOTOS = 10;

/** Each photo as sent by the browser: at most 10 MB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** What customers may send, told apart by the file's own bytes, never by its name or declared type. */
export const ACCEPTED_PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type AcceptedPhotoType = (typeof ACCEPTED_PHOTO_TYPES)[number];

/** The file input's `accept` attribute. */
export const PHOTO_INPUT_ACCEPT = ACCEPTED_PHOTO_TYPES.join(",");

/** The stored photo's longest side, and its thumbnail's. */
export const PHOTO_MAX_SIDE_PX = 2048;
export const THUMBNAIL_MAX_SIDE_PX = 320;

/**
 * The most pixels a photo may decode to: about what a phone camera's largest mode makes (50
 * megapixels). A small file can declare an enormous canvas; it is refused beyond this from its
 * header, before decoding, so one upload cannot take the memory or the time of many.
 */
export const MAX_PHOTO_INPUT_PIXELS = 50_000_000;

/** The longest file name kept for a photo (shown to the customer and the movers). */
export const PHOTO_FILE_NAME_MAX_LENGTH = 100;

/** Marks a photo post sent with a wizard step's own form (`?answers=<step>`): the step's answers come with the photos. */
export const PHOTO_POST_WITH_ANSWERS_PARAM = "answers";

export const PHOTO_MESSAGES = {
  tooMany: "Too many images",
  uploadFailed: "Failed to upload some images. Please try again.",
  removeFailed: "Failed to remove image. Please try again.",
  signInRequired: "Please sign in to add photos to your booking.",
  tooLarge: `Each photo can be at most 10 MB, and a booking holds at most ${MAX_BOOKING_PHOTOS} photos. Please choose fewer or smaller photos.`,
  unsupportedType: "Please send photos from the booking page.",
  malformed: "These photos could not be read. Please try again.",
  noneChosen: "Choose one or more photos to upload.",
  acceptedTypes: "Photos must be PNG, JPG or WebP images.",
  uploaded: (count: number) => (count === 1 ? "Photo added" : `${count} photos added`),
  removed: "Image removed",
} as const;

/** How many more photos fit, said to a customer who tried to add too many. */
export function photoRoomHint(attached: number): string {
  const room = remainingPhotoSlots(attached);
  return `A booking holds at most ${MAX_BOOKING_PHOTOS} photos; ${room === 0 ? "remove one to add another" : `you can add ${room} more`}.`;
}

/** Photos the draft has room for, given how many it holds. */
export function remainingPhotoSlots(attached: number): number {
  return Math.max(0, MAX_BOOKING_PHOTOS - attached);
}

/**
 * The image type a file's first bytes announce (its magic number): PNG's signature, JPEG's SOI
 * marker followed by another marker, or a RIFF container of type WEBP. Anything else is null.
 */
export function sniffPhotoType(bytes: Uint8Array): AcceptedPhotoType | null {
  const starts = (signature: readonly number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** How many bytes sniffPhotoType needs to see. */
export const PHOTO_SNIFF_BYTES = 12;

/**
 * The name a photo is listed under: the customer's file name without folders, control characters
 * or an over-long tail; "photo" when nothing is left.
 */
export function photoFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const printable = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  const chars = Array.from(printable);
  return chars.length === 0 ? "photo" : chars.slice(0, PHOTO_FILE_NAME_MAX_LENGTH).join("");
}

/** A photo attached to the wizard's draft: the stored image, its thumbnail, and the name the customer gave it. */
export const draftPhotoSchema = builtOnce(() =>
  z.object({
    path: z.string().check(z.minLength(1), z.maxLength(300)),
    thumbPath: z.string().check(z.minLength(1), z.maxLength(300)),
    fileName: z.string().check(z.minLength(1), z.maxLength(PHOTO_FILE_NAME_MAX_LENGTH)),
  }),
);

export type DraftPhoto = z.infer<ReturnType<typeof draftPhotoSchema>>;

/** A draft photo as the picker shows it: the thumbnail's address is null when it cannot be shown. */
export interface PhotoView {
  path: string;
  fileName: string;
  thumbUrl: string | null;
}

/** The folder of the booking-images bucket that holds a draft's photos; its first segment is the owner's id. */
export function draftPhotoFolder(userId: string, draftId: string): string {
  return `${userId}/drafts/${draftId}/`;
}

/** True when the photo lives in this customer's folder for this draft (what a draft may list as its own). */
export function isDraftPhotoOf(photo: Pick<DraftPhoto, "path" | "thumbPath">, userId: string, draftId: string): boolean {
  const folder = draftPhotoFolder(userId, draftId);
  const inFolder = (path: string) => path.startsWith(folder) && !path.slice(folder.length).includes("/") && !path.includes("..");
  return inFolder(photo.path) && inFolder(photo.thumbPath);
}

/** A stored booking photo or thumbnail: "<user id>/drafts/<draft id>/<uuid>[-thumb].<jpg|webp>". */
const STORED_BOOKING_PHOTO_PATH =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/drafts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.(jpg|webp)$/;

/** True when the path has the shape of a stored booking photo or thumbnail (nothing else is served). */
export function isStoredBookingPhotoPath(path: string): boolean {
  return STORED_BOOKING_PHOTO_PATH.test(path);
}

/** Where the app serves a stored booking photo or thumbnail to its owner and to staff (the bucket is private). */
export function bookingPhotoAddress(path: string): string {
  return `/book/photos/${path}`;
}

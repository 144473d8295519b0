import { formatDateIn } from "./company-time";
import { PHOTO_MESSAGES } from "./photo-rules";

/** A customer's gallery holds at most this many photos (the database refuses more, too). */
export const MAX_GALLERY_PHOTOS = 20;

/** The two stored sizes of a gallery photo: the grid loads thumbnails, the preview the full image. */
export const GALLERY_IMAGE_VARIANTS = ["thumb", "full"] as const;
export type GalleryImageVariant = (typeof GALLERY_IMAGE_VARIANTS)[number];

export const GALLERY_MESSAGES = {
  tooMany: "Too many images",
  saveFailed: "Failed to save images. Please try again.",
  deleteFailed: "Failed to delete the image. Please try again.",
  deleted: "Image deleted",
  deletedDescription: "The image has been removed from your gallery.",
  notFound: "This photo is not in your gallery.",
  notImages: "Some files are not images",
  loadFailed: "Failed to load your photos.",
  noneChosen: "Choose one or more photos to upload.",
  tooLarge: `Each photo can be at most 10 MB, and a gallery holds at most ${MAX_GALLERY_PHOTOS} photos. Please choose fewer or smaller photos.`,
  unsupportedType: "Please send photos from the gallery page.",
  malformed: "These photos could not be read. Please try again.",
  acceptedTypes: PHOTO_MESSAGES.acceptedTypes,
  added: (count: number) => (count === 1 ? "1 photo added" : `${count} photos added`),
} as const;

/** Photos the gallery has room for, given how many it holds. */
export function remainingGallerySlots(held: number): number {
  return Math.max(0, MAX_GALLERY_PHOTOS - held);
}

/** How many more photos fit, said to a customer who tried to add too many. */
export function galleryRoomHint(held: number): string {
  const room = remainingGallerySlots(held);
  return `A gallery holds at most ${MAX_GALLERY_PHOTOS} photos; ${room === 0 ? "delete one to add another" : `you can add ${room} more`}.`;
}

/**
 * What came of an upload in which some files were not photos: how many were added, and which
 * were not taken (by name), since they were not PNG, JPEG or WebP images.
 */
export function notPhotosDescription(added: number, received: number, rejectedNames: readonly string[]): string {
  const names = rejectedNames.length > 0 ? ` Not images: ${rejectedNames.join(", ")}.` : "";
  return `${added} of ${received} ${received === 1 ? "photo was" : "photos were"} added.${names} ${PHOTO_MESSAGES.acceptedTypes}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo's id as it appears in addresses and forms: a uuid, anything else names no photo. */
export function isGalleryImageId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function isGalleryImageVariant(value: unknown): value is GalleryImageVariant {
  return (GALLERY_IMAGE_VARIANTS as readonly unknown[]).includes(value);
}

/** A photo as the gallery shows it: the grid loads its thumbnail, the preview its full image. */
export interface GalleryPhotoView {
  id: string;
  fileName: string;
  /** The day it was uploaded, already written out ("November 23, 2026"). */
  uploadedOn: string;
  thumbUrl: string;
  fullUrl: string;
}

/** The app's address of a stored photo (the bucket is private: the app serves it to its owner). */
export function galleryImagePath(imageId: string, variant: GalleryImageVariant): string {
  return `/dashboard/gallery/${imageId}/${variant}`;
}

/**
 * Where a new photo's files go in the user-images bucket: in the owner's folder (its storage
 * policies let a customer write only there), under a random name that never changes, so the files
 * may be cached for good.
 */
export function galleryObjectPaths(userId: string, name: string, extensions: { image: string; thumbnail: string }) {
  return { path: `${userId}/${name}.${extensions.image}`, thumbnailPath: `${userId}/${name}-thumb.${extensions.thumbnail}` };
}

/** The Content-Type a stored photo is served with, from its object name (only the types the app writes). */
export function galleryContentType(path: string): "image/jpeg" | "image/webp" | "image/png" | null {
  const extension = path.split(".").pop()?.toLowerCase();
  if (extension === "jpg" || extension === "jpeg") return "image/jpeg";
  if (extension === "webp") return "image/webp";
  if (extension === "png") return "image/png";
  return null;
}

/** When a photo was uploaded, as the preview says it: the day on the company's clock, `timeZone` ("November 23, 2026"). */
export function formatUploadedDate(uploadedAt: string, timeZone: string): string {
  const date = new Date(uploadedAt);
  return Number.isNaN(date.getTime()) ? "" : formatDateIn(date, timeZone, "long-month");
}

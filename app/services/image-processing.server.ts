import type sharpModule from "sharp";
import type { Metadata, Sharp } from "sharp";
import { AVATAR_SIDE_PX } from "~/domain/profile";
import {
  MAX_PHOTO_INPUT_PIXELS,
  PHOTO_MAX_SIDE_PX,
  PHOTO_SNIFF_BYTES,
  THUMBNAIL_MAX_SIDE_PX,
  sniffPhotoType,
  type AcceptedPhotoType,
} from "~/domain/photo-rules";

type SharpFactory = typeof sharpModule;
let sharpLoading: Promise<SharpFactory> | undefined;

/**
 * libvips, loaded with the first image rather than at start-up: it adds about 20 MiB to a process
 * that may never see an upload.
 */
function loadSharp(): Promise<SharpFactory> {
  return (sharpLoading ??= import("sharp").then(({ default: sharp }) => {
    // Each upload is decoded once: libvips' operation cache would only keep its pixels in memory.
    sharp.cache(false);
    loadedSharp = sharp;
    return sharp;
  }));
}
let loadedSharp: SharpFactory | undefined;

/** libvips' cache and thread count, for a memory report; null while no image has been processed. */
export function imageLibraryMemory() {
  return loadedSharp ? { cache: loadedSharp.cache(), concurrency: loadedSharp.concurrency() } : null;
}

let decoding: Promise<unknown> = Promise.resolve();

/**
 * Runs image work one piece at a time in this process, in the order asked: uploads arriving
 * together wait their turn rather than each holding a decoded image in memory at once (other
 * requests keep being served meanwhile).
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work);
  decoding = turn.catch(() => {});
  return turn;
}

/** An image ready to store: its bytes, with no metadata at all, and how to name and serve it. */
export interface EncodedImage {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/webp";
  extension: "jpg" | "webp";
  width: number;
  height: number;
}

export interface ReencodedPhoto {
  image: EncodedImage;
  thumbnail: EncodedImage;
}

/** Why a file is not taken as a photo. */
type PhotoRejection = "not-a-photo" | "too-many-pixels" | "unreadable";

/** A file that is not taken as a photo, and why. */
export type RejectedPhoto = { kind: "rejected"; reason: PhotoRejection };

const rejected = (reason: PhotoRejection): RejectedPhoto => ({ kind: "rejected", reason });

const SHARP_FORMAT: Record<AcceptedPhotoType, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

const decodeOptions = { limitInputPixels: MAX_PHOTO_INPUT_PIXELS, failOn: "error" } as const;

/**
 * Checks that the bytes are a PNG, JPEG or WebP image (by their magic number, then by what the
 * decoder finds: both must agree), within the pixel limit.
 */
export async function inspectPhoto(bytes: Uint8Array): Promise<{ kind: "photo"; type: AcceptedPhotoType; width: number; height: number } | RejectedPhoto> {
  const type = sniffPhotoType(bytes.subarray(0, PHOTO_SNIFF_BYTES));
  if (!type) return rejected("not-a-photo");
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reads the header only: the pixel limit is checked here, with a reason, rather than by the decoder.
    metadata = await sharp(bytes, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    return rejected("unreadable");
  }
  if (metadata.format !== SHARP_FORMAT[type] || !metadata.width || !metadata.height) return rejected("not-a-photo");
  if (metadata.width * metadata.height > MAX_PHOTO_INPUT_PIXELS) return rejected("too-many-pixels");
  return { kind: "photo", type, width: metadata.width, height: metadata.height };
}

/**
 * The photo as stored: turned upright by its EXIF orientation, then written afresh without any
 * metadata (no EXIF, so no GPS position, camera or date; no XMP, IPTC or ICC profile; colours in
 * sRGB), its longest side at most 2048 px, plus a thumbnail of at most 320 px. JPEGs stay JPEG;
 * PNG and WebP become WebP, which keeps transparency. Only the first frame of an animation is kept.
 */
export function reencodePhoto(bytes: Uint8Array): Promise<({ kind: "photo" } & ReencodedPhoto) | RejectedPhoto> {
  return oneAtATime(() => reencodePhotoNow(bytes));
}

async function reencodePhotoNow(bytes: Uint8Array): Promise<({ kind: "photo" } & ReencodedPhoto) | RejectedPhoto> {
  const inspected = await inspectPhoto(bytes);
  if (inspected.kind === "rejected") return inspected;
  const output = inspected.type === "image/jpeg" ? "jpeg" : "webp";
  const sharp = await loadSharp();
  try {
    const image = await encode(sharp(bytes, decodeOptions).autoOrient(), PHOTO_MAX_SIDE_PX, output);
    // The thumbnail is made from the upright, reduced image: a fraction of the work of the original.
    const thumbnail = await encode(sharp(image.bytes, decodeOptions), THUMBNAIL_MAX_SIDE_PX, output);
    return { kind: "photo", image, thumbnail };
  } catch {
    return rejected("unreadable");
  }
}

/**
 * An avatar as stored: checked like a photo (by its bytes), turned upright by its EXIF orientation,
 * cut to a centred square and scaled to 256×256 (smaller pictures are enlarged: every avatar is the
 * same size), written as WebP without any metadata. Only the first frame of an animation is kept.
 */
export function reencodeAvatar(bytes: Uint8Array): Promise<{ kind: "avatar"; avatar: EncodedImage } | RejectedPhoto> {
  return oneAtATime(() => reencodeAvatarNow(bytes));
}

async function reencodeAvatarNow(bytes: Uint8Array): Promise<{ kind: "avatar"; avatar: EncodedImage } | RejectedPhoto> {
  const inspected = await inspectPhoto(bytes);
  if (inspected.kind === "rejected") return inspected;
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, decodeOptions)
      .autoOrient()
      .resize({ width: AVATAR_SIDE_PX, height: AVATAR_SIDE_PX, fit: "cover", position: "centre" })
      .webp({ quality: 82, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { kind: "avatar", avatar: { bytes: data, contentType: "image/webp", extension: "webp", width: info.width, height: info.height } };
  } catch {
    return rejected("unreadable");
  }
}

async function encode(pipeline: Sharp, maxSide: number, output: "jpeg" | "webp"): Promise<EncodedImage> {
  const resized = pipeline.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  // Fast encoder settings: mozjpeg would take about 4 times as long for a JPEG 6% smaller (a
  // 4000×3000 photo: 0.7 s against 0.2 s), WebP's default effort 1.5 times as long for 4% smaller.
  const encoded = output === "jpeg" ? resized.jpeg({ quality: 82, progressive: true, optimiseCoding: true }) : resized.webp({ quality: 82, effort: 2 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return output === "jpeg"
    ? { bytes: data, contentType: "image/jpeg", extension: "jpg", width: info.width, height: info.height }
    : { bytes: data, contentType: "image/webp", extension: "webp", width: info.width, height: info.height };
}

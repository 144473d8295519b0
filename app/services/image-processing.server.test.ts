import { crc32 } from "node:zlib";
import sharp, { type OutputInfo } from "sharp";
import { describe, expect, it } from "vitest";
import { inspectPhoto, reencodeAvatar, reencodePhoto, type EncodedImage } from "./image-processing.server";

// Fixtures are made here with sharp: camera-like JPEGs with EXIF (GPS position, camera make,
// orientation), PNGs with transparency, and files that only pretend to be images.

const GPS = { GPSLatitudeRef: "N", GPSLatitude: "33/1 45/1 3600/100", GPSLongitudeRef: "W", GPSLongitude: "84/1 23/1 1200/100" };
const CAMERA_MAKE = "AcmePhoneCamera";

/** A photo stored sideways, as phones do: left half red, right half blue, EXIF orientation 6 (turn 90° clockwise to view). */
async function sidewaysJpegWithGps(width = 400, height = 200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .composite([{ input: { create: { width: width - half, height, channels: 3, background: { r: 20, g: 20, b: 220 } } }, left: half, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: CAMERA_MAKE, Model: "X1" }, IFD3: GPS })
    .toBuffer();
}

/** True when the bytes hold an EXIF block with a GPS directory pointer (tag 0x8825, in either byte order). */
function hasGpsTag(exif: Buffer | undefined): boolean {
  return exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

async function expectNoMetadata(image: EncodedImage) {
  const metadata = await sharp(image.bytes).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expect(image.bytes.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
  expect(image.bytes.includes(Buffer.from(CAMERA_MAKE))).toBe(false);
}

function pixel(raw: { data: Buffer; info: OutputInfo }, x: number, y: number): number[] {
  const offset = (y * raw.info.width + x) * raw.info.channels;
  return Array.from(raw.data.subarray(offset, offset + 3));
}

async function reencoded(bytes: Buffer) {
  const result = await reencodePhoto(bytes);
  if (result.kind === "rejected") throw new Error(`expected a photo, got ${result.reason}`);
  return result;
}

describe("reencodePhoto", () => {
  it("stores a phone photo upright with no EXIF, so no GPS position or camera is left", async () => {
    const input = await sidewaysJpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsTag(before.exif)).toBe(true);

    const { image, thumbnail } = await reencoded(input);
    expect(image).toMatchObject({ contentType: "image/jpeg", extension: "jpg", width: 200, height: 400 });
    await expectNoMetadata(image);
    await expectNoMetadata(thumbnail);
    // Turned upright: the stored left half (red) is now on top.
    const raw = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    const [topRed, , topBlue] = pixel(raw, 100, 20);
    const [bottomRed, , bottomBlue] = pixel(raw, 100, 380);
    expect(topRed).toBeGreaterThan(180);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(180);
    expect(bottomRed).toBeLessThan(60);
  });

  it("reduces a large photo to 2048 px on its longest side, and a thumbnail to 320 px", async () => {
    const input = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#7a9" } })
      .jpeg()
      .toBuffer();
    const { image, thumbnail } = await reencoded(input);
    expect([image.width, image.height]).toEqual([2048, 1536]);
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 240]);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "jpeg", width: 2048, height: 1536 });
  });

  it("never enlarges a small photo", async () => {
    const input = await sharp({ create: { width: 300, height: 120, channels: 3, background: "#123" } })
      .jpeg()
      .toBuffer();
    const { image, thumbnail } = await reencoded(input);
    expect([image.width, image.height]).toEqual([300, 120]);
    expect([thumbnail.width, thumbnail.height]).toEqual([300, 120]);
  });

  it("turns PNG and WebP into WebP, keeping transparency and dropping their metadata and colour profile", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .withIccProfile("p3")
      .withExif({ IFD0: { Make: CAMERA_MAKE }, IFD3: GPS })
      .toBuffer();
    expect((await sharp(png).metadata()).icc).toBeDefined();
    const fromPng = await reencoded(png);
    expect(fromPng.image).toMatchObject({ contentType: "image/webp", extension: "webp", width: 64, height: 48 });
    expect((await sharp(fromPng.image.bytes).metadata()).hasAlpha).toBe(true);
    await expectNoMetadata(fromPng.image);

    const webp = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#abc" } })
      .webp()
      .withExif({ IFD3: GPS })
      .toBuffer();
    const fromWebp = await reencoded(webp);
    expect(fromWebp.image.contentType).toBe("image/webp");
    await expectNoMetadata(fromWebp.image);
  });

  it("refuses a text file named like a photo, and other formats", async () => {
    const text = Buffer.from("These are the notes for the movers, saved as sofa.png\n");
    expect(await reencodePhoto(text)).toEqual({ kind: "rejected", reason: "not-a-photo" });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(await reencodePhoto(gif)).toEqual({ kind: "rejected", reason: "not-a-photo" });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await reencodePhoto(svg)).toEqual({ kind: "rejected", reason: "not-a-photo" });
    expect(await reencodePhoto(new Uint8Array())).toEqual({ kind: "rejected", reason: "not-a-photo" });
  });

  it("refuses a file whose first bytes claim one format while the rest is something else", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await reencodePhoto(Buffer.concat([pngSignature, jpeg]))).toMatchObject({ kind: "rejected" });
    // A JPEG marker followed by noise.
    const noise = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(await reencodePhoto(noise)).toEqual({ kind: "rejected", reason: "unreadable" });
  });

  it("refuses a small file that declares an enormous canvas before decoding it", async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const huge = withPngSize(png, 20_000, 20_000);
    expect(huge.length).toBeLessThan(1000);
    expect(await inspectPhoto(huge)).toEqual({ kind: "rejected", reason: "too-many-pixels" });
    expect(await reencodePhoto(huge)).toEqual({ kind: "rejected", reason: "too-many-pixels" });
  });

  it("refuses a canvas larger than a phone camera makes (100 megapixels), and takes one of 48", async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await inspectPhoto(withPngSize(png, 10_000, 10_000))).toEqual({ kind: "rejected", reason: "too-many-pixels" });
    expect(await inspectPhoto(withPngSize(png, 8_000, 6_000))).toMatchObject({ type: "image/png", width: 8_000, height: 6_000 });
  });

  it("decodes one image at a time, however many uploads arrive together", async () => {
    const photos = await Promise.all([1, 2, 3, 4].map(() => sidewaysJpegWithGps(3000, 2000)));
    let busiest = 0;
    let done = false;
    const all = Promise.all(photos.map((photo) => reencodePhoto(photo))).finally(() => (done = true));
    while (!done) {
      busiest = Math.max(busiest, sharp.counters().process + sharp.counters().queue);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await all).every((result) => result.kind === "photo")).toBe(true);
    expect(busiest).toBe(1);
  });
});

async function avatar(bytes: Buffer) {
  const result = await reencodeAvatar(bytes);
  if (result.kind === "rejected") throw new Error(`expected an avatar, got ${result.reason}`);
  return result.avatar;
}

describe("reencodeAvatar", () => {
  it("turns a phone photo upright, cuts the centred square and stores 256×256 WebP with no metadata", async () => {
    // Upright it is 200×400: red on top, blue below; the centred square holds both halves.
    const result = await avatar(await sidewaysJpegWithGps());
    expect(result).toMatchObject({ contentType: "image/webp", extension: "webp", width: 256, height: 256 });
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    await expectNoMetadata(result);
    const raw = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    const [topRed, , topBlue] = pixel(raw, 128, 20);
    const [bottomRed, , bottomBlue] = pixel(raw, 128, 236);
    expect(topRed).toBeGreaterThan(180);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(180);
    expect(bottomRed).toBeLessThan(60);
  });

  it("keeps the middle of a wide picture and drops its sides", async () => {
    // Three bands of 200 px: green, red, blue.
    const band = (colour: { r: number; g: number; b: number }, left: number) => ({
      input: { create: { width: 200, height: 200, channels: 3 as const, background: colour } },
      left,
      top: 0,
    });
    const wide = await sharp({ create: { width: 600, height: 200, channels: 3, background: { r: 0, g: 200, b: 0 } } })
      .composite([band({ r: 220, g: 20, b: 20 }, 200), band({ r: 20, g: 20, b: 220 }, 400)])
      .png()
      .toBuffer();
    const raw = await sharp((await avatar(wide)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const x of [5, 128, 250]) {
      const [red, green, blue] = pixel(raw, x, 128);
      expect(red, `x=${x}`).toBeGreaterThan(180);
      expect(green, `x=${x}`).toBeLessThan(60);
      expect(blue, `x=${x}`).toBeLessThan(60);
    }
  });

  it("brings a small picture up to the same size", async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#abc" } })
      .webp()
      .toBuffer();
    expect(await avatar(small)).toMatchObject({ width: 256, height: 256 });
  });

  it("refuses what is not a PNG, JPEG or WebP by its bytes", async () => {
    expect(await reencodeAvatar(Buffer.from("a shopping list named me.png"))).toEqual({ kind: "rejected", reason: "not-a-photo" });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(await reencodeAvatar(gif)).toEqual({ kind: "rejected", reason: "not-a-photo" });
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await reencodeAvatar(withPngSize(png, 20_000, 20_000))).toEqual({ kind: "rejected", reason: "too-many-pixels" });
  });
});

/** A PNG whose header (IHDR) declares another size, its checksum made right. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8), chunk length (4), "IHDR" (4), then width and height.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

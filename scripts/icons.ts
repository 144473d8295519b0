// Rebuilds the icons browsers ask for without reading the page's links: /favicon.ico (a 32 px and a
// 16 px PNG in an ICO container, which every browser since 2006 reads) and /apple-touch-icon.png
// (180 px, opaque: iOS fills transparency with black), both drawn from public/favicon.svg.
// Usage: npx tsx scripts/icons.ts
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("public/favicon.svg");

async function png(size: number, background?: string): Promise<Buffer> {
  const image = sharp(svg, { density: (72 * size) / 32 }).resize(size, size);
  return (background ? image.flatten({ background }) : image).png({ compressionLevel: 9 }).toBuffer();
}

/** An ICO file holding PNG images: a 6-byte header, a 16-byte entry per image, then the images. */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

writeFileSync(
  "public/favicon.ico",
  ico([
    { size: 32, data: await png(32) },
    { size: 16, data: await png(16) },
  ]),
);
writeFileSync("public/apple-touch-icon.png", await png(180, "#1e40af"));

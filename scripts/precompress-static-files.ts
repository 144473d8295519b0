// Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of the client
// build (`app.js` → `app.js.br`, `app.js.gz`), so the server sends them as they are instead of
// compressing each request (server/static-assets.ts). A copy not smaller than its file is not kept.
// Walks the folder after the build rather than hooking into Vite, so React Router's browser manifest
// (written after the bundle) and the files copied from public/ are compressed too.
// Usage: node scripts/precompress-static-files.ts build/client
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { isCompressible, PRECOMPRESSED_SUFFIXES } from "../server/compressible-files.ts";

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

const ENCODERS = [
  { suffix: PRECOMPRESSED_SUFFIXES.br, encode: (data: Buffer) => compressWithBrotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) },
  { suffix: PRECOMPRESSED_SUFFIXES.gzip, encode: (data: Buffer) => compressWithGzip(data, { level: 9 }) },
];

export type PrecompressedFile = { path: string; bytes: number; brotliBytes?: number; gzipBytes?: number };

/** Compresses every compressible file under `directory`; returns each one's size and its copies' sizes. */
export async function precompressStaticFiles(directory: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && isCompressible(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map((file) => precompressFile(directory, file)));
}

async function precompressFile(directory: string, file: string): Promise<PrecompressedFile> {
  const data = await readFile(file);
  const [brotliBytes, gzipBytes] = await Promise.all(
    ENCODERS.map(async ({ suffix, encode }) => {
      const compressed = await encode(data);
      if (compressed.length >= data.length) {
        await rm(file + suffix, { force: true });
        return undefined;
      }
      await writeFile(file + suffix, compressed);
      return compressed.length;
    }),
  );
  return { path: path.relative(directory, file).split(path.sep).join("/"), bytes: data.length, brotliBytes, gzipBytes };
}

if (import.meta.main) {
  const directory = process.argv[2];
  if (!directory) throw new Error("usage: node scripts/precompress-static-files.ts <directory>");
  const files = await precompressStaticFiles(directory);
  const total = (key: "bytes" | "brotliBytes" | "gzipBytes") => files.reduce((sum, file) => sum + (file[key] ?? file.bytes), 0);
  console.log(`precompressed ${files.length} files in ${directory}: ${total("bytes")} bytes, ${total("brotliBytes")} as brotli, ${total("gzipBytes")} as gzip`);
}

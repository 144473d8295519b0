import path from "node:path";

/** Text formats worth compressing. Fonts (woff2) and images (png, jpg, webp) are compressed already. */
const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".txt", ".ico", ".xml", ".html"]);

/** The build writes these copies beside each compressible file (`app.js.br`), by the Content-Encoding they are sent with. */
export const PRECOMPRESSED_SUFFIXES = { br: ".br", gzip: ".gz" } as const;

export function isCompressible(fileName: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(fileName).toLowerCase());
}

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressStaticFiles } from "../../scripts/precompress-static-files.ts";

const script = "export function hello() {\n  return 'a moving company in one metro area';\n}\n".repeat(200);
const styles = ".hero { color: rgb(29 78 216); padding: 1rem 2rem; }\n".repeat(100);
const font = Buffer.from("wOF2" + "x".repeat(4000));

describe("precompressStaticFiles", () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "precompress-"));
    await mkdir(path.join(directory, "assets"));
    await writeFile(path.join(directory, "assets/entry-abc123.js"), script);
    await writeFile(path.join(directory, "assets/app-def456.css"), styles);
    await writeFile(path.join(directory, "assets/figtree-789.woff2"), font);
    await writeFile(path.join(directory, "assets/empty-chunk.js"), "");
    await writeFile(path.join(directory, "robots.txt"), "User-agent: *\nAllow: /\n".repeat(40));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("writes brotli and gzip siblings that decompress to each compressible file, in every folder", async () => {
    await precompressStaticFiles(directory);

    for (const [file, original] of [
      ["assets/entry-abc123.js", script],
      ["assets/app-def456.css", styles],
      ["robots.txt", "User-agent: *\nAllow: /\n".repeat(40)],
    ] as const) {
      const brotli = await readFile(path.join(directory, `${file}.br`));
      const gzip = await readFile(path.join(directory, `${file}.gz`));
      expect(brotliDecompressSync(brotli).toString()).toBe(original);
      expect(gunzipSync(gzip).toString()).toBe(original);
      expect(brotli.length).toBeLessThan(Buffer.byteLength(original));
      expect(gzip.length).toBeLessThan(Buffer.byteLength(original));
    }
  });

  it("leaves fonts and images alone and keeps no sibling that is not smaller than its file", async () => {
    await precompressStaticFiles(directory);

    const assets = await readdir(path.join(directory, "assets"));
    expect(assets.filter((name) => name.startsWith("figtree-"))).toEqual(["figtree-789.woff2"]);
    expect(assets.filter((name) => name.startsWith("empty-chunk"))).toEqual(["empty-chunk.js"]);
  });

  it("uses brotli at quality 11 and gzip at level 9", async () => {
    const summary = await precompressStaticFiles(directory);

    const entry = summary.find((file) => file.path === "assets/entry-abc123.js");
    expect(entry).toEqual({ path: "assets/entry-abc123.js", bytes: Buffer.byteLength(script), brotliBytes: expect.any(Number), gzipBytes: expect.any(Number) });
    const brotli = await readFile(path.join(directory, "assets/entry-abc123.js.br"));
    const gzip = await readFile(path.join(directory, "assets/entry-abc123.js.gz"));
    expect(brotli).toEqual(brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    expect(gzip).toEqual(gzipSync(script, { level: 9 }));
    expect(entry?.brotliBytes).toBe(brotli.length);
    expect(entry?.gzipBytes).toBe(gzip.length);
  });

  it("replaces siblings left from an earlier run and does not compress them again", async () => {
    await writeFile(path.join(directory, "assets/entry-abc123.js.br"), "stale");
    await writeFile(path.join(directory, "assets/empty-chunk.js.gz"), "stale");
    await precompressStaticFiles(directory);
    await precompressStaticFiles(directory);

    const assets = await readdir(path.join(directory, "assets"));
    expect(assets.filter((name) => name.startsWith("entry-")).sort()).toEqual(["entry-abc123.js", "entry-abc123.js.br", "entry-abc123.js.gz"]);
    expect(assets.filter((name) => name.startsWith("empty-chunk"))).toEqual(["empty-chunk.js"]);
    expect(brotliDecompressSync(await readFile(path.join(directory, "assets/entry-abc123.js.br"))).toString()).toBe(script);
  });
});

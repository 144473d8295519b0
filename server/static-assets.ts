import type { ServerResponse } from "node:http";
import path from "node:path";
import express, { type RequestHandler, type Response, type Router } from "express";
import expressStaticGzip from "express-static-gzip";
import { isCompressible, PRECOMPRESSED_SUFFIXES } from "./compressible-files.ts";

type CachingOptions = { maxAge: string; immutable?: boolean; fallthrough?: boolean };

/**
 * The client build's files, as the build precompressed them (scripts/precompress-static-files.ts):
 * `file.br` to browsers that accept brotli, else `file.gz` to those that accept gzip, else the file,
 * always with the original's Content-Type. Hashed file names under /assets are cached for a year and a
 * missing one is a 404 (not a page for a chunk that is gone); the other files for an hour.
 */
export function clientBuildFiles(clientDirectory: string): Router {
  const router = express.Router();
  router.use("/assets", precompressedFiles(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  const rootFiles = precompressedFiles(clientDirectory, { maxAge: "1h" });
  // The files beside /assets (favicon.ico, robots.txt…) all have an extension; a page's address has
  // none and goes straight on, without a file looked up on disk and a "not found" made for it.
  router.use((request, response, next) => (path.extname(request.path) ? rootFiles(request, response, next) : next()));
  return router;
}

function precompressedFiles(root: string, caching: CachingOptions): RequestHandler {
  const serveStatic = { ...caching, index: false as const, setHeaders: describeAsOriginal };
  const servePrecompressed = expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic });
  const serveOtherMethods = express.static(root, serveStatic);
  return (request, response, next) => {
    // The encoding is chosen before the file is looked up: only GET and HEAD may be answered with it.
    if (request.method !== "GET" && request.method !== "HEAD") return serveOtherMethods(request, response, next);
    servePrecompressed(request, response, (error?: unknown) => {
      // A request no file answered goes on without the encoding and type chosen for a file.
      if (!response.headersSent) {
        response.removeHeader("Content-Encoding");
        response.removeHeader("Content-Type");
      }
      next(error);
    });
  };
}

/**
 * A copy goes out as its original would: that file's Content-Type, worded as for the file itself. Caches
 * keep one answer per encoding of every compressible file, also of one that has no copies.
 */
function describeAsOriginal(response: ServerResponse, filePath: string): void {
  const encoding = response.getHeader("Content-Encoding");
  const original = encoding === "br" || encoding === "gzip" ? filePath.slice(0, -PRECOMPRESSED_SUFFIXES[encoding].length) : filePath;
  if (original !== filePath) (response as Response).type(path.extname(original));
  if (isCompressible(original)) (response as Response).vary("Accept-Encoding");
}

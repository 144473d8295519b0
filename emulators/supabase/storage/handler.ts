import { join } from "node:path";
import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase, RequestContext } from "../database.ts";
import { authenticateRequest } from "../request-auth.ts";
import {
  createBucket,
  deleteBucket,
  emptyVisibleBucket,
  getVisibleBucket,
  listVisibleBuckets,
  updateBucket,
} from "./buckets.ts";
import type { StorageService } from "./context.ts";
import { findPublicObject, findReadableObject, renderObject, renderObjectInfo } from "./downloads.ts";
import { fromDatabaseError, routeNotFound, StorageError, storageErrors } from "./errors.ts";
import { createFileStore } from "./file-store.ts";
import { integerField, readJsonObject, stringArrayField } from "./json-body.ts";
import { listObjects, parseListOptions } from "./listing.ts";
import { parseBucketName, parseObjectKey } from "./object-key.ts";
import { removeObjects } from "./removal.ts";
import { createSignedUrl, createSignedUrls, findSignedObject } from "./signed-url.ts";
import { uploadObject } from "./uploads.ts";

type Route = (request: Request, segments: string[], url: URL) => Promise<Response>;

/** The Supabase Storage API (/storage/v1) over storage.buckets / storage.objects, with files under
 *  `${dataDir}/storage/{bucket}/{key}` (in memory without a data directory). */
export function createStorageHandler(
  db: EmulatorDatabase,
  config: EmulatorConfig,
): (request: Request, subpath: string) => Promise<Response> {
  const service: StorageService = {
    db,
    config,
    files: createFileStore(config.dataDir ? join(config.dataDir, "storage") : undefined),
  };

  async function caller(request: Request): Promise<RequestContext> {
    const auth = await authenticateRequest(request, config);
    if (!auth.ok) throw storageErrors.accessDenied(auth.reason === "expired" ? "jwt expired" : "invalid signature");
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { claims: auth.claims, method: request.method, path: new URL(request.url).pathname, headers };
  }

  const headOnly = (request: Request) => request.method === "HEAD";
  const download = (url: URL) => url.searchParams.get("download");

  /** /object/{bucket}/{key…} tails: the bucket and the decoded, validated key. */
  function bucketAndKey(segments: string[]): [string, string] {
    const [bucket = "", ...key] = segments;
    return [parseBucketName(bucket), parseObjectKey(key.join("/"))];
  }

  const objectRoutes: Route = async (request, segments, url) => {
    const [first = "", ...rest] = segments;
    const method = request.method;
    const reading = method === "GET" || method === "HEAD";

    if (first === "list" && method === "POST" && rest.length === 1) {
      const bucket = parseBucketName(rest[0]!);
      const options = parseListOptions(await readJsonObject(request));
      return Response.json(await listObjects(service, await caller(request), bucket, options));
    }
    if (first === "sign" && method === "POST") {
      const body = await readJsonObject(request);
      const expiresIn = integerField(body, "expiresIn", { min: 1 });
      if (rest.length === 1) {
        const bucket = parseBucketName(rest[0]!);
        const paths = stringArrayField(body, "paths");
        return Response.json(await createSignedUrls(service, await caller(request), bucket, paths, expiresIn));
      }
      const [bucket, key] = bucketAndKey(rest);
      return Response.json(await createSignedUrl(service, await caller(request), bucket, key, expiresIn));
    }
    if (first === "sign" && reading && rest.length >= 2) {
      const [bucket, key] = bucketAndKey(rest);
      const { row, expires } = await findSignedObject(service, url.searchParams.get("token"), bucket, key);
      return renderObject(service, request, row, { headOnly: headOnly(request), download: download(url), expires });
    }
    if (first === "public" && reading && rest.length >= 2) {
      const [bucket, key] = bucketAndKey(rest);
      const row = await findPublicObject(service, bucket, key);
      return renderObject(service, request, row, { headOnly: headOnly(request), download: download(url) });
    }
    if (first === "info" && method === "GET" && rest.length >= 2) {
      const visibility = rest[0] === "public" || rest[0] === "authenticated" ? rest[0] : undefined;
      const [bucket, key] = bucketAndKey(visibility ? rest.slice(1) : rest);
      const row =
        visibility === "public"
          ? await findPublicObject(service, bucket, key)
          : await findReadableObject(service, await caller(request), bucket, key);
      return renderObjectInfo(row);
    }
    const authenticated = first === "authenticated" && rest.length >= 2;
    if (reading && (authenticated || segments.length >= 2)) {
      const [bucket, key] = bucketAndKey(authenticated ? rest : segments);
      const row = await findReadableObject(service, await caller(request), bucket, key);
      return renderObject(service, request, row, { headOnly: headOnly(request), download: download(url) });
    }
    if ((method === "POST" || method === "PUT") && segments.length >= 2) {
      const [bucket, key] = bucketAndKey(segments);
      const mode = method === "PUT" ? "update" : request.headers.get("x-upsert") === "true" ? "upsert" : "create";
      return uploadObject(service, await caller(request), request, bucket, key, mode);
    }
    if (method === "DELETE" && segments.length === 1) {
      const bucket = parseBucketName(first);
      const prefixes = stringArrayField(await readJsonObject(request), "prefixes");
      return Response.json(await removeObjects(service, await caller(request), bucket, prefixes));
    }
    if (method === "DELETE" && segments.length >= 2) {
      const [bucket, key] = bucketAndKey(segments);
      const deleted = await removeObjects(service, await caller(request), bucket, [key]);
      if (deleted.length === 0) throw storageErrors.noSuchKey();
      return Response.json({ message: "Successfully deleted" });
    }
    return routeNotFound(method, url.pathname);
  };

  const bucketRoutes: Route = async (request, segments, url) => {
    const method = request.method;
    if (segments.length === 0) {
      if (method === "GET") return Response.json(await listVisibleBuckets(service, await caller(request)));
      if (method === "POST") {
        return Response.json(await createBucket(service, await caller(request), await readJsonObject(request)));
      }
    }
    if (segments.length === 1) {
      const id = parseBucketName(segments[0]!);
      if (method === "GET") return Response.json(await getVisibleBucket(service, await caller(request), id));
      if (method === "PUT") {
        return Response.json(await updateBucket(service, await caller(request), id, await readJsonObject(request)));
      }
      if (method === "DELETE") return Response.json(await deleteBucket(service, await caller(request), id));
    }
    if (segments.length === 2 && segments[1] === "empty" && method === "POST") {
      return Response.json(await emptyVisibleBucket(service, await caller(request), parseBucketName(segments[0]!)));
    }
    return routeNotFound(method, url.pathname);
  };

  return async (request, subpath) => {
    const url = new URL(request.url);
    const [area, ...segments] = subpath.split("/").slice(1);
    try {
      if (area === "object") return await objectRoutes(request, segments, url);
      if (area === "bucket") return await bucketRoutes(request, segments.filter(Boolean), url);
      return routeNotFound(request.method, url.pathname);
    } catch (error) {
      const mapped = fromDatabaseError(error);
      if (mapped instanceof StorageError) return mapped.toResponse();
      console.error(`Storage: ${request.method} ${url.pathname} failed`, error);
      return storageErrors.internal().toResponse();
    }
  };
}

import { join } from "node:path";
import type { RequestContext } from "../database.ts";
import { authenticateRequest } from "../request-auth.ts";
import { createRouter, route } from "../router.ts";
import type { Service, ServiceDeps } from "../service.ts";
import { createBucket, deleteBucket, emptyVisibleBucket, getVisibleBucket, listVisibleBuckets, updateBucket } from "./buckets.ts";
import type { StorageContext } from "./context.ts";
import { findPublicObject, findReadableObject, renderObject, renderObjectInfo } from "./downloads.ts";
import { fromDatabaseError, routeNotFound, StorageError, storageErrors } from "./errors.ts";
import { createFileStore } from "./file-store.ts";
import { integerField, readJsonObject, stringArrayField } from "./json-body.ts";
import { listObjects, parseListOptions } from "./listing.ts";
import { parseBucketName, parseObjectKey } from "./object-key.ts";
import { removeObjects } from "./removal.ts";
import { createSignedUrl, createSignedUrls, findSignedObject } from "./signed-url.ts";
import { uploadObject } from "./uploads.ts";

/** Downloads answer GET, and HEAD without the body. */
const READ = ["GET", "HEAD"];

/** The Supabase Storage API (/storage/v1) over storage.buckets / storage.objects, with files under
 *  `${dataDir}/storage/{bucket}/{key}` (in memory without a data directory). */
export function createStorageService({ db, config }: ServiceDeps): Service {
  const storage: StorageContext = {
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

  /** A download's options: HEAD sends no body; ?download names the file. */
  const renderOptions = (request: Request) => ({
    headOnly: request.method === "HEAD",
    download: new URL(request.url).searchParams.get("download"),
  });

  const routes = createRouter(
    [
      route("POST", "/object/list/:bucket", async (request, params) => {
        const bucket = parseBucketName(params.bucket);
        const options = parseListOptions(await readJsonObject(request));
        return Response.json(await listObjects(storage, await caller(request), bucket, options));
      }),
      route("POST", "/object/sign/:bucket", async (request, params) => {
        const body = await readJsonObject(request);
        const expiresIn = integerField(body, "expiresIn", { min: 1 });
        const bucket = parseBucketName(params.bucket);
        const paths = stringArrayField(body, "paths");
        return Response.json(await createSignedUrls(storage, await caller(request), bucket, paths, expiresIn));
      }),
      route("POST", "/object/sign/:bucket/*key", async (request, params) => {
        const body = await readJsonObject(request);
        const expiresIn = integerField(body, "expiresIn", { min: 1 });
        const [bucket, key] = objectIn(params.bucket, params.key);
        return Response.json(await createSignedUrl(storage, await caller(request), bucket, key, expiresIn));
      }),
      route(READ, "/object/sign/:bucket/*key", async (request, params) => {
        const [bucket, key] = objectIn(params.bucket, params.key);
        const token = new URL(request.url).searchParams.get("token");
        const { row, expires } = await findSignedObject(storage, token, bucket, key);
        return renderObject(storage, request, row, { ...renderOptions(request), expires });
      }),
      route(READ, "/object/public/:bucket/*key", async (request, params) => {
        const [bucket, key] = objectIn(params.bucket, params.key);
        const row = await findPublicObject(storage, bucket, key);
        return renderObject(storage, request, row, renderOptions(request));
      }),
      // /object/info/{bucket}/{key}, also with "public/" or "authenticated/" before the bucket.
      route("GET", "/object/info/:first/*rest", async (request, { first, rest }) => {
        const visibility = first === "public" || first === "authenticated" ? first : undefined;
        const [bucket, key] = objectAt(visibility ? rest : `${first}/${rest}`);
        const row =
          visibility === "public" ? await findPublicObject(storage, bucket, key) : await findReadableObject(storage, await caller(request), bucket, key);
        return renderObjectInfo(row);
      }),
      route(READ, "/object/authenticated/:bucket/*key", (request, params) => readObject(request, params.bucket, params.key)),
      route(READ, "/object/:bucket/*key", (request, params) => readObject(request, params.bucket, params.key)),
      route(["POST", "PUT"], "/object/:bucket/*key", async (request, params) => {
        const [bucket, key] = objectIn(params.bucket, params.key);
        const mode = request.method === "PUT" ? "update" : request.headers.get("x-upsert") === "true" ? "upsert" : "create";
        return uploadObject(storage, await caller(request), request, bucket, key, mode);
      }),
      route("DELETE", "/object/:bucket", async (request, params) => {
        const bucket = parseBucketName(params.bucket);
        const prefixes = stringArrayField(await readJsonObject(request), "prefixes");
        return Response.json(await removeObjects(storage, await caller(request), bucket, prefixes));
      }),
      route("DELETE", "/object/:bucket/*key", async (request, params) => {
        const [bucket, key] = objectIn(params.bucket, params.key);
        const deleted = await removeObjects(storage, await caller(request), bucket, [key]);
        if (deleted.length === 0) throw storageErrors.noSuchKey();
        return Response.json({ message: "Successfully deleted" });
      }),
      route("GET", "/bucket", async (request) => Response.json(await listVisibleBuckets(storage, await caller(request)))),
      route("POST", "/bucket", async (request) => Response.json(await createBucket(storage, await caller(request), await readJsonObject(request)))),
      route("GET", "/bucket/:id", async (request, params) => {
        const id = parseBucketName(params.id);
        return Response.json(await getVisibleBucket(storage, await caller(request), id));
      }),
      route("PUT", "/bucket/:id", async (request, params) => {
        const id = parseBucketName(params.id);
        return Response.json(await updateBucket(storage, await caller(request), id, await readJsonObject(request)));
      }),
      route("DELETE", "/bucket/:id", async (request, params) => {
        const id = parseBucketName(params.id);
        return Response.json(await deleteBucket(storage, await caller(request), id));
      }),
      route("POST", "/bucket/:id/empty", async (request, params) => {
        const id = parseBucketName(params.id);
        return Response.json(await emptyVisibleBucket(storage, await caller(request), id));
      }),
    ],
    // An unknown method is answered like an unknown path, as the service's Fastify router does.
    { notFound: routeNotFound, methodNotAllowed: routeNotFound },
  );

  async function readObject(request: Request, rawBucket: string, rawKey: string): Promise<Response> {
    const [bucket, key] = objectIn(rawBucket, rawKey);
    const row = await findReadableObject(storage, await caller(request), bucket, key);
    return renderObject(storage, request, row, renderOptions(request));
  }

  return async (request, subpath) => {
    try {
      return await routes(request, withoutEmptyBucketSegments(subpath));
    } catch (error) {
      const mapped = fromDatabaseError(error);
      if (mapped instanceof StorageError) return mapped.toResponse();
      console.error(`Storage: ${request.method} ${new URL(request.url).pathname} failed`, error);
      return storageErrors.internal().toResponse();
    }
  };
}

/** The bucket and the key of an object path, decoded and validated (the bucket first). */
function objectIn(rawBucket: string, rawKey: string): [bucket: string, key: string] {
  return [parseBucketName(rawBucket), parseObjectKey(rawKey)];
}

/** objectIn() of "{bucket}/{key…}". */
function objectAt(path: string): [bucket: string, key: string] {
  const [bucket = "", ...key] = path.split("/");
  return objectIn(bucket, key.join("/"));
}

/** The bucket API reads its path without empty segments ("/bucket/" is "/bucket"); object paths keep
 *  theirs, since an object key with an empty segment is refused. */
function withoutEmptyBucketSegments(subpath: string): string {
  const [area, ...segments] = subpath.split("/").slice(1);
  return area === "bucket" ? ["", area, ...segments.filter(Boolean)].join("/") : subpath;
}

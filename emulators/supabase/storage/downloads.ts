import type { RequestContext } from "../database.ts";
import type { StorageContext } from "./context.ts";
import { storageErrors } from "./errors.ts";
import { findBucket, findObject, type ObjectRow } from "./object-rows.ts";

export interface RenderOptions {
  /** HEAD: the headers without the body. */
  headOnly: boolean;
  /** The ?download= query value: present means "as an attachment", non-empty names the file. */
  download: string | null;
  /** Signed URLs answer with Expires (the token's expiry) instead of the object's Cache-Control. */
  expires?: Date;
}

/** GET /object/{bucket}/{key} and /object/authenticated/…: only objects the caller may SELECT. */
export async function findReadableObject(service: StorageContext, caller: RequestContext, bucketId: string, key: string): Promise<ObjectRow> {
  const row = await service.db.asRequest(caller, (tx) => findObject(tx, bucketId, key), { readOnly: true });
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

/** GET /object/public/{bucket}/{key}: any object of a public bucket, without row level security. */
export async function findPublicObject(service: StorageContext, bucketId: string, key: string): Promise<ObjectRow> {
  const bucket = await findBucket(service.db.pg, bucketId);
  if (!bucket?.public) throw storageErrors.noSuchBucket();
  const row = await findObject(service.db.pg, bucketId, key);
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

/** The object's bytes with the headers supabase/storage sends; 304 when If-None-Match names its ETag. */
export async function renderObject(service: StorageContext, request: Request, row: ObjectRow, options: RenderOptions): Promise<Response> {
  const bytes = await service.files.read(row.bucket_id, row.name);
  if (!bytes) throw storageErrors.resourceNotFound();
  const metadata = row.metadata;
  const eTag = metadata?.eTag ?? "";
  const headers = new Headers({
    "content-type": servedContentType(metadata?.mimetype),
    "content-length": String(bytes.byteLength),
    "last-modified": new Date(metadata?.lastModified ?? row.updated_at).toUTCString(),
  });
  if (eTag) headers.set("etag", eTag);
  if (options.expires) headers.set("expires", options.expires.toUTCString());
  else headers.set("cache-control", metadata?.cacheControl ?? "no-cache");
  if (options.download !== null) headers.set("content-disposition", contentDisposition(options.download));

  if (eTag && matchesETag(request.headers.get("if-none-match"), eTag)) {
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(options.headOnly ? null : bytes, { status: 200, headers });
}

/** GET /object/info/…: the object's description, as storage-js's info() expects it. */
export function renderObjectInfo(row: ObjectRow): Response {
  const metadata = row.metadata;
  return Response.json(
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: metadata?.size ?? null,
      content_type: metadata?.mimetype ?? null,
      cache_control: metadata?.cacheControl ?? null,
      etag: metadata?.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    { headers: metadata?.eTag ? { etag: metadata.eTag } : undefined },
  );
}

/** Uploaded HTML is never served as HTML from the API's origin. */
function servedContentType(mimetype: string | undefined): string {
  if (!mimetype) return "application/octet-stream";
  return mimetype.toLowerCase().includes("text/html") ? "text/plain" : mimetype;
}

function contentDisposition(download: string): string {
  if (download === "") return "attachment;";
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

function matchesETag(ifNoneMatch: string | null, eTag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || bare(candidate) === bare(eTag));
}

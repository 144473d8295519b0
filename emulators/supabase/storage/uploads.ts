import { createHash, randomUUID } from "node:crypto";
import type { Transaction } from "@electric-sql/pglite";
import type { RequestContext } from "../database.ts";
import { GLOBAL_FILE_SIZE_LIMIT_BYTES, testPermission, type StorageContext } from "./context.ts";
import { storageErrors } from "./errors.ts";
import { findBucket, insertObject, updateObject, upsertObject, type BucketRow, type ObjectMetadata, type ObjectWrite } from "./object-rows.ts";
import { readUploadBody, type UploadBody } from "./upload-body.ts";

/** POST without x-upsert creates, POST with x-upsert: true creates or replaces, PUT replaces. */
export type UploadMode = "create" | "upsert" | "update";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Uploads like supabase/storage: row level security is checked before the body is read, the row is
 *  written as the caller, and the file becomes visible only with the row (rolled back together). */
export async function uploadObject(
  service: StorageContext,
  caller: RequestContext,
  request: Request,
  bucketId: string,
  key: string,
  mode: UploadMode,
): Promise<Response> {
  const bucket = await findBucket(service.db.pg, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();

  const subject = typeof caller.claims.sub === "string" ? caller.claims.sub : null;
  const write: ObjectWrite = {
    id: randomUUID(),
    bucketId,
    name: key,
    owner: subject && UUID.test(subject) ? subject : null,
    ownerId: subject,
    version: randomUUID(),
    metadata: {},
    userMetadata: null,
  };
  await testPermission(service, caller, (tx) => writeObject(tx, mode, write));

  const body = await readUploadBody(request, sizeLimitOf(bucket));
  if (bucket.allowed_mime_types && bucket.allowed_mime_types.length > 0) {
    assertAllowedMimeType(body.mimeType, bucket.allowed_mime_types);
  }
  const finalWrite: ObjectWrite = { ...write, metadata: metadataOf(body), userMetadata: body.userMetadata };

  const staged = await service.files.stage(body.bytes);
  try {
    const id = await service.db.asRequest(caller, async (tx) => {
      const id = await writeObject(tx, mode, finalWrite);
      await staged.publish(bucketId, key);
      return id;
    });
    return Response.json({ Id: id, Key: `${bucketId}/${key}` });
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

async function writeObject(tx: Transaction, mode: UploadMode, write: ObjectWrite): Promise<string> {
  switch (mode) {
    case "create":
      await insertObject(tx, write);
      return write.id;
    case "upsert":
      return upsertObject(tx, write);
    case "update": {
      const id = await updateObject(tx, write);
      if (!id) throw storageErrors.noSuchKey();
      return id;
    }
  }
}

function sizeLimitOf(bucket: BucketRow): number {
  const limit = bucket.file_size_limit;
  return limit !== null && limit > 0 ? Math.min(limit, GLOBAL_FILE_SIZE_LIMIT_BYTES) : GLOBAL_FILE_SIZE_LIMIT_BYTES;
}

/** "image/*" admits every image type; parameters such as ";charset=UTF-8" do not take part. */
function assertAllowedMimeType(mimeType: string, allowed: string[]): void {
  const [type, subtype] = (mimeType.split(";")[0] ?? "").trim().toLowerCase().split("/");
  const accepted =
    Boolean(type && subtype) &&
    allowed.some((entry) => {
      const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split("/");
      return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
    });
  if (!accepted) throw storageErrors.invalidMimeType(mimeType);
}

function metadataOf(body: UploadBody): ObjectMetadata {
  return {
    eTag: `"${createHash("md5").update(body.bytes).digest("hex")}"`,
    size: body.bytes.byteLength,
    mimetype: body.mimeType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  };
}

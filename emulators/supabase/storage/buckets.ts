import type { RequestContext } from "../database.ts";
import type { StorageContext } from "./context.ts";
import { storageErrors } from "./errors.ts";
import { findBucket, listBuckets, type BucketRow } from "./object-rows.ts";
import { parseBucketName } from "./object-key.ts";
import { emptyBucket } from "./removal.ts";

// /bucket routes. storage.buckets has row level security and no policies on a new project, so only the
// service role sees or changes buckets; the app's buckets come from the migrations.

interface BucketSettings {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listVisibleBuckets(service: StorageContext, caller: RequestContext): Promise<BucketRow[]> {
  return service.db.asRequest(caller, (tx) => listBuckets(tx), { readOnly: true });
}

export async function getVisibleBucket(service: StorageContext, caller: RequestContext, id: string): Promise<BucketRow> {
  const bucket = await service.db.asRequest(caller, (tx) => findBucket(tx, id), { readOnly: true });
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

/** POST /bucket {id?, name, public, file_size_limit, allowed_mime_types} */
export async function createBucket(service: StorageContext, caller: RequestContext, body: Record<string, unknown>): Promise<{ name: string }> {
  const rawName = body.name ?? body.id;
  if (typeof rawName !== "string") throw storageErrors.badRequest("body must have required property 'name'");
  const name = parseBucketName(encodeURIComponent(rawName));
  const id = typeof body.id === "string" ? parseBucketName(encodeURIComponent(body.id)) : name;
  const settings = parseSettings(body);
  const subject = typeof caller.claims.sub === "string" ? caller.claims.sub : null;
  await service.db.asRequest(caller, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        name,
        subject && UUID.test(subject) ? subject : null,
        subject,
        settings.public ?? false,
        settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes ?? null,
      ],
    ),
  );
  return { name: id };
}

/** PUT /bucket/{id} {public, file_size_limit, allowed_mime_types}; absent fields keep their value. */
export async function updateBucket(service: StorageContext, caller: RequestContext, id: string, body: Record<string, unknown>): Promise<{ message: string }> {
  const settings = parseSettings(body);
  const { rows } = await service.db.asRequest(caller, (tx) =>
    tx.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3 then $4 else file_size_limit end,
         allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
         updated_at = now()
       where id = $1
       returning id`,
      [
        id,
        settings.public ?? null,
        settings.fileSizeLimit !== undefined,
        settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes !== undefined,
        settings.allowedMimeTypes ?? null,
      ],
    ),
  );
  if (rows.length === 0) throw storageErrors.noSuchBucket();
  return { message: "Successfully updated" };
}

/** DELETE /bucket/{id}: only empty buckets. */
export async function deleteBucket(service: StorageContext, caller: RequestContext, id: string): Promise<{ message: string }> {
  const { rows: objects } = await service.db.pg.query("select 1 from storage.objects where bucket_id = $1 limit 1", [id]);
  if (objects.length > 0) throw storageErrors.bucketNotEmpty();
  const { rows } = await service.db.asRequest(caller, (tx) => tx.query("delete from storage.buckets where id = $1 returning id", [id]));
  if (rows.length === 0) throw storageErrors.noSuchBucket();
  return { message: "Successfully deleted" };
}

/** POST /bucket/{id}/empty */
export async function emptyVisibleBucket(service: StorageContext, caller: RequestContext, id: string): Promise<{ message: string }> {
  await getVisibleBucket(service, caller, id);
  await emptyBucket(service, caller, id);
  return { message: "Successfully emptied" };
}

function parseSettings(body: Record<string, unknown>): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined) {
    if (typeof body.public !== "boolean") throw storageErrors.badRequest("body/public must be boolean");
    settings.public = body.public;
  }
  if (body.file_size_limit !== undefined) settings.fileSizeLimit = parseFileSizeLimit(body.file_size_limit);
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (types !== null && (!Array.isArray(types) || !types.every((type) => typeof type === "string"))) {
      throw storageErrors.badRequest("body/allowed_mime_types must be array");
    }
    settings.allowedMimeTypes = types === null || types.length === 0 ? null : (types as string[]);
  }
  return settings;
}

/** A byte count, or a size such as "10MB" / "512KB" (decimal units, like the service). */
function parseFileSizeLimit(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === "string" ? value.trim().match(/^(\d+(?:\.\d+)?)\s*(gb|mb|kb|b)?$/i) : null;
  if (!match) throw storageErrors.badRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  const units: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 };
  return Math.round(Number(match[1]) * (units[(match[2] ?? "b").toLowerCase()] ?? 1));
}

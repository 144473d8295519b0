import type { PGlite, Transaction } from "@electric-sql/pglite";

// SQL on storage.buckets and storage.objects. Run on a request transaction, row level security decides;
// run on the superuser connection (public and signed downloads), it does not.

type Queryable = Pick<PGlite | Transaction, "query">;

/** storage.objects.metadata, as supabase/storage fills it. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const OBJECT_COLUMNS = "id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";
const BUCKET_COLUMNS = "id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, created_at, updated_at";

/** The values an upload writes. `owner` is the JWT subject when it is a uuid; `ownerId` is the subject. */
export interface ObjectWrite {
  id: string;
  bucketId: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: ObjectMetadata | Record<string, never>;
  userMetadata: Record<string, unknown> | null;
}

function writeParams(write: ObjectWrite): unknown[] {
  return [write.id, write.bucketId, write.name, write.owner, write.ownerId, write.version, write.metadata, write.userMetadata];
}

/** A new object; no RETURNING, so uploading needs only the INSERT policy. */
export async function insertObject(db: Queryable, write: ObjectWrite): Promise<void> {
  await db.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    writeParams(write),
  );
}

/** Insert or replace (INSERT, SELECT and UPDATE policies); returns the id the object keeps. */
export async function upsertObject(db: Queryable, write: ObjectWrite): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (bucket_id, name) do update set
       owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
       metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    writeParams(write),
  );
  return rows[0]!.id;
}

/** Replaces an existing object; undefined when there is none the caller may update. */
export async function updateObject(db: Queryable, write: ObjectWrite): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `update storage.objects set
       owner = $3, owner_id = $4, version = $5, metadata = $6, user_metadata = $7,
       updated_at = now(), last_accessed_at = now()
     where bucket_id = $1 and name = $2
     returning id`,
    writeParams(write).slice(1),
  );
  return rows[0]?.id;
}

export async function findObject(db: Queryable, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  return rows[0];
}

export async function findObjectNames(db: Queryable, bucketId: string, names: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>("select name from storage.objects where bucket_id = $1 and name = any($2::text[])", [bucketId, names]);
  return new Set(rows.map((row) => row.name));
}

export async function deleteObjects(db: Queryable, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [
    bucketId,
    names,
  ]);
  return rows;
}

export async function deleteAllObjects(db: Queryable, bucketId: string): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 returning ${OBJECT_COLUMNS}`, [bucketId]);
  return rows;
}

export async function findBucket(db: Queryable, bucketId: string): Promise<BucketRow | undefined> {
  const { rows } = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]);
  return rows[0] && normaliseBucket(rows[0]);
}

export async function listBuckets(db: Queryable): Promise<BucketRow[]> {
  const { rows } = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`);
  return rows.map(normaliseBucket);
}

/** bigint columns may come back as strings or BigInts depending on the driver. */
function normaliseBucket(row: BucketRow): BucketRow {
  return { ...row, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit) };
}

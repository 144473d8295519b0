import type { RequestContext } from "../database.ts";
import type { StorageContext } from "./context.ts";
import { deleteAllObjects, deleteObjects, type ObjectRow } from "./object-rows.ts";

/** Deletes the rows the caller may delete (others are skipped, as row level security does), then their
 *  files once the deletion is committed. Returns the deleted rows. */
export async function removeObjects(service: StorageContext, caller: RequestContext, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const deleted = await service.db.asRequest(caller, (tx) => deleteObjects(tx, bucketId, names));
  await removeFiles(service, deleted);
  return deleted;
}

/** POST /bucket/{id}/empty: every object of the bucket the caller may delete. */
export async function emptyBucket(service: StorageContext, caller: RequestContext, bucketId: string): Promise<void> {
  const deleted = await service.db.asRequest(caller, (tx) => deleteAllObjects(tx, bucketId));
  await removeFiles(service, deleted);
}

async function removeFiles(service: StorageContext, rows: ObjectRow[]): Promise<void> {
  for (const row of rows) await service.files.remove(row.bucket_id, row.name);
}

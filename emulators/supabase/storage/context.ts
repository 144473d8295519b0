import type { EmulatorConfig } from "../config.ts";
import type { EmulatorDatabase, RequestContext } from "../database.ts";
import type { FileStore } from "./file-store.ts";

/** What every storage operation works with. */
export interface StorageContext {
  db: EmulatorDatabase;
  config: EmulatorConfig;
  files: FileStore;
}

/** Uploads are capped at this unless the bucket sets a lower limit, as on a Supabase project. */
export const GLOBAL_FILE_SIZE_LIMIT_BYTES = 50 * 1024 * 1024;

/** Rolls back a transaction that was only run to see whether row level security lets it through. */
class PermissionProbe extends Error {}

/** Runs `statement` as the caller and rolls it back: the service's way of checking permissions before
 *  reading a possibly large body. */
export async function testPermission(service: StorageContext, caller: RequestContext, statement: Parameters<EmulatorDatabase["asRequest"]>[1]): Promise<void> {
  try {
    await service.db.asRequest(caller, async (tx) => {
      await statement(tx);
      throw new PermissionProbe();
    });
  } catch (error) {
    if (!(error instanceof PermissionProbe)) throw error;
  }
}

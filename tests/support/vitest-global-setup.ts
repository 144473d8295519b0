import { startTestBackend, usingHostedBackend } from "../../emulators/supabase/testing/index.ts";

/** Builds the migrated database the test emulators copy, once, before the workers start: otherwise the
 *  first file of each worker would build it at the same time. */
export default async function warmDatabaseTemplate(): Promise<void> {
  if (usingHostedBackend) return;
  const backend = await startTestBackend();
  await backend.close();
}

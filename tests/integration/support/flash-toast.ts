import type { loader as rootLoader } from "../../../app/root.tsx";
import type { Toast } from "../../../app/domain/toast.ts";
import type { Visitor } from "./app-client.ts";

/**
 * The message the visitor's next page shows (the flash toast the last answer queued in a cookie), as
 * the root loader hands it to the page at `path`; null when there is none. Reading it shows it, so it
 * is gone afterwards, as in a browser.
 */
export async function nextPageToast(visitor: Visitor, path: string): Promise<Toast | null> {
  const root = await visitor.loaderData<Awaited<ReturnType<typeof rootLoader>>>(path, "root");
  return root.toast;
}

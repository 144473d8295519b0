import type { RequestContext } from "../database.ts";
import type { StorageContext } from "./context.ts";
import { storageErrors } from "./errors.ts";
import { integerField } from "./json-body.ts";

// POST /object/list/{bucket}: one folder level, sub-folders first (id null, like Supabase's storage.search),
// then the files of that level, under row level security.

const SORT_COLUMNS = new Set(["name", "updated_at", "created_at", "last_accessed_at"]);
const SORT_ORDERS = new Set(["asc", "desc"]);

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: string;
  sortOrder: "asc" | "desc";
}

export function parseListOptions(body: Record<string, unknown>): ListOptions {
  const prefix = body.prefix ?? "";
  if (typeof prefix !== "string") throw storageErrors.badRequest("body/prefix must be string");
  const search = body.search ?? "";
  if (typeof search !== "string") throw storageErrors.badRequest("body/search must be string");
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  if (typeof sortBy !== "object" || sortBy === null) throw storageErrors.badRequest("body/sortBy must be object");
  const sortColumn = sortBy.column ?? "name";
  if (typeof sortColumn !== "string" || !SORT_COLUMNS.has(sortColumn)) {
    throw storageErrors.badRequest("body/sortBy/column must be equal to one of the allowed values");
  }
  const sortOrder = typeof sortBy.order === "string" ? sortBy.order.toLowerCase() : "asc";
  if (!SORT_ORDERS.has(sortOrder)) {
    throw storageErrors.badRequest("body/sortBy/order must be equal to one of the allowed values");
  }
  return {
    // The prefix is always a folder.
    prefix: prefix.length > 0 && !prefix.endsWith("/") ? `${prefix}/` : prefix,
    search,
    limit: integerField(body, "limit", { min: 1, fallback: 100 }),
    offset: integerField(body, "offset", { min: 0, fallback: 0 }),
    sortColumn,
    sortOrder: sortOrder as "asc" | "desc",
  };
}

export interface ListedEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

export async function listObjects(service: StorageContext, caller: RequestContext, bucketId: string, options: ListOptions): Promise<ListedEntry[]> {
  // The folder depth of the entries listed: "" lists level 1, "a/" level 2.
  const level = options.prefix.split("/").length;
  const pattern = `${escapeLike(options.prefix)}${escapeLike(options.search)}%`;
  // Sort column and order come from the fixed sets above, never from the request as text.
  const sql = `
    with folders as (
      select path_tokens[$1] as folder
      from storage.objects
      where name ilike $2 and bucket_id = $3 and array_length(path_tokens, 1) <> $1
      group by folder
      order by folder ${options.sortOrder}
    )
    (select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
            null::timestamptz as last_accessed_at, null::jsonb as metadata
     from folders)
    union all
    (select path_tokens[$1] as name, id, updated_at, created_at, last_accessed_at, metadata
     from storage.objects
     where name ilike $2 and bucket_id = $3 and array_length(path_tokens, 1) = $1
     order by ${options.sortColumn} ${options.sortOrder})
    limit $4 offset $5`;
  return service.db.asRequest(caller, async (tx) => (await tx.query<ListedEntry>(sql, [level, pattern, bucketId, options.limit, options.offset])).rows, {
    readOnly: true,
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

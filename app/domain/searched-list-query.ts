import { z } from "zod";

// The state of an admin list that is searched and paged (customers, users), kept in the URL.

const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 1_000_000;

/** Each search param on its own: a bad value falls back to its default. */
const searchedListQuerySchema = z.object({
  q: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(MAX_SEARCH_LENGTH))
    .catch(""),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

export type SearchedListQuery = z.infer<typeof searchedListQuerySchema>;

/** The list's state from the URL (`q`, `page`); never throws. */
export function parseSearchedListQuery(params: URLSearchParams): SearchedListQuery {
  return searchedListQuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1 });
}

/** The search params for a page of the list, keeping the search; defaults left out. */
export function searchedListSearch(query: SearchedListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

import { z } from "zod/mini";
import { SORT_DIRECTIONS, sortChange, sortDirection, type ListSort, type SortDirection } from "./list-sort";

// The state of an admin list that is searched, sorted and paged (customers, users), kept in the URL.

const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 1_000_000;

/**
 * What every searched admin list reads from its URL: the search, the page and the sort's direction,
 * each falling back to its default when bad.
 */
export const listQueryFields = () => ({
  q: z.catch(z.string().check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH)), ""),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE)), 1),
  dir: z.catch(z.nullable(z.enum(SORT_DIRECTIONS)), null),
});

export interface SearchedListQuery<Column extends string> extends ListSort<Column> {
  q: string;
  page: number;
}

/**
 * A searched list whose columns sort, each its first direction (names A to Z, money and dates the
 * largest or latest first): its URL read (never throwing: a bad value falls back to its default) and
 * written (defaults left out, so links stay short), and its headers' links.
 */
export function searchedList<Column extends string>(firstDirections: Record<Column, SortDirection>) {
  const columns = Object.keys(firstDirections) as [Column, ...Column[]];
  const schema = z.object({
    ...listQueryFields(),
    sort: z.catch(z.nullable(z.enum(columns)), null),
  });
  const firstDirection = (column: Column | null): SortDirection => (column === null ? "asc" : firstDirections[column]);

  const unfiltered: SearchedListQuery<Column> = { q: "", page: 1, sort: null, dir: null };

  return {
    columns,
    /** The list as it opens: no search, its own order, the first page. */
    unfiltered,
    parse(params: URLSearchParams): SearchedListQuery<Column> {
      return schema.parse({
        q: params.get("q") ?? "",
        page: params.get("page") ?? 1,
        sort: params.get("sort") || null,
        dir: params.get("dir") || null,
      }) as SearchedListQuery<Column>;
    },
    search(query: SearchedListQuery<Column>): string {
      const params = new URLSearchParams();
      if (query.q) params.set("q", query.q);
      if (query.sort) params.set("sort", query.sort);
      if (query.sort && query.dir) params.set("dir", query.dir);
      if (query.page > 1) params.set("page", String(query.page));
      const search = params.toString();
      return search ? `?${search}` : "";
    },
    /** The way the list runs by its chosen column; null when no column was chosen (the list's own order). */
    direction(query: SearchedListQuery<Column>): SortDirection | null {
      return query.sort === null ? null : sortDirection(query, firstDirection(query.sort));
    },
    /** The list sorted by `column` (or the other way when it already is), from its first page, keeping the search. */
    sorted(query: SearchedListQuery<Column>, column: Column): SearchedListQuery<Column> {
      return { ...query, ...sortChange(query, column, firstDirection(column)), page: 1 };
    },
  };
}

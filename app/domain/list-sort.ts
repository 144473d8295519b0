// How an admin list's sortable columns turn: a column's first click sorts it its natural way (names
// A to Z, money and dates largest or latest first), each further click the other way.

export type SortDirection = "asc" | "desc";

export const SORT_DIRECTIONS = ["asc", "desc"] as const satisfies readonly SortDirection[];

/** A list's sort as the URL holds it: no column is the list's own order. */
export interface ListSort<Column extends string> {
  sort: Column | null;
  dir: SortDirection | null;
}

/** The way a sorted column runs: the URL's, else the column's first direction. */
export function sortDirection<Column extends string>(query: ListSort<Column>, firstDirection: SortDirection = "asc"): SortDirection {
  return query.dir ?? firstDirection;
}

/** A column header's link: the column its first direction, then each click the other way. */
export function sortChange<Column extends string>(query: ListSort<Column>, column: Column, firstDirection: SortDirection = "asc"): ListSort<Column> {
  if (query.sort !== column) return { sort: column, dir: firstDirection };
  return { sort: column, dir: sortDirection(query, firstDirection) === "asc" ? "desc" : "asc" };
}

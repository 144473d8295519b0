// The admin lists' pages, apart from any list's query schema: a list that only shows its pages needs no Zod.

/** Rows on one page of the admin bookings table. */
export const ADMIN_BOOKINGS_PAGE_SIZE = 25;

/** The first and last row shown and how many pages there are: "Showing 26–50 of 60". */
export function pageWindow(page: number, total: number): { first: number; last: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_BOOKINGS_PAGE_SIZE));
  const offset = (page - 1) * ADMIN_BOOKINGS_PAGE_SIZE;
  if (offset >= total) return { first: 0, last: 0, pageCount };
  const last = Math.min(offset + ADMIN_BOOKINGS_PAGE_SIZE, total);
  return { first: offset + 1, last, pageCount };
}

/** The deepest page a list's address may ask for. */
const LAST_PAGE = 100_000;

/** A list's `page` search parameter: 1 when missing or not a whole page number from 1 to 100,000. */
export function listPageNumber(value: string | null): number {
  const page = Number(value);
  return value !== null && value.trim() !== "" && Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1;
}

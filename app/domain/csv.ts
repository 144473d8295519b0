/** A spreadsheet runs a cell, or a piece of it after a separator, as a formula when it starts with one of these. */
const FORMULA_START = /(?:^|[,;\t\r\n])\s*[=+\-@\t\r]/;

/** Characters that end a cell or a record in some spreadsheet's reading of CSV (comma, semicolon, tab, line breaks) or start a quoted cell. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator (comma, semicolon, tab, line break) or a
 * quote, quotes doubled. Text that starts a formula, at its start or after any separator, is
 * neutralised: a leading apostrophe, and quotes around the whole cell.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  const formula = typeof value === "string" && FORMULA_START.test(text);
  if (formula) text = `'${text}`;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Cells a spreadsheet would run as a formula start with one of these; such cells get a leading apostrophe. */
const FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r"];

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled, formulas neutralised. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

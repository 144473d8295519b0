/** Identifiers come from the catalog or are checked against it, and are quoted like quote_ident. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

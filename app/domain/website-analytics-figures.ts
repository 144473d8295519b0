// What the Website Analytics tab writes itself, apart from the report's shaping and its Zod schemas:
// the tab's page draws the report and parses nothing.

/** How far back the reports look. */
export const WEBSITE_ANALYTICS_WINDOW_HOURS = 48;

/** "25%", "33.3%", or a dash for none. */
export function formatPercent(percent: number | null): string {
  return percent === null ? "—" : `${percent}%`;
}

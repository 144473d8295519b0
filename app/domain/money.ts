import { formatCount } from "./counts";

/**
 * The one way the product shows money: cents in, "$1,234" (or "$1,234.50" when there are cents) out,
 * as Intl's en-US dollars write them. Written out by hand: the first Intl formatter a page makes costs
 * a slow phone some 45 ms of start-up (loading its locale data), and every page shows a price.
 */
export function formatCents(cents: number): string {
  const rounded = Math.round(Math.abs(cents));
  const dollars = formatCount(Math.floor(rounded / 100));
  const rest = rounded % 100;
  const sign = cents < 0 && rounded !== 0 ? "-" : "";
  return `${sign}$${dollars}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/** "1250", "1,250.5", "$1,250.50" → cents; anything else, or more than two decimals, → null. */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(",", ""));
  const fraction = Number((match[2] ?? "0").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** Cents as the form shows them: 125050 → "1250.50", 125000 → "1250". */
export function centsToDollarsInput(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

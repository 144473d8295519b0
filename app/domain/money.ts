/**
 * The one way the product shows money: cents in, "$1,234" (or "$1,234.50" when there are cents) out,
 * as Intl's en-US dollars write them. Written out by hand: the first Intl formatter a page makes costs
 * a slow phone some 45 ms of start-up (loading its locale data), and every page shows a price.
 */
export function formatCents(cents: number): string {
  const rounded = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(rounded / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const rest = rounded % 100;
  const sign = cents < 0 && rounded !== 0 ? "-" : "";
  return `${sign}$${dollars}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/**
 * A whole number as Intl's en-US writes it: 1234567 → "1,234,567". Written out by hand: the first Intl
 * formatter a page makes costs a slow phone some 45 ms of start-up (loading its locale data), inside
 * the render that draws the number.
 */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ",");
  return whole < 0 ? `-${digits}` : digits;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long before `now` something happened, as the admin area says it: 'Just now' under a minute
 * (and for a time slightly ahead of this clock), then whole minutes, hours and days: '5m ago',
 * '3h ago', '2d ago'.
 */
export function relativeTime(at: string | Date, now: Date): string {
  const elapsed = now.getTime() - new Date(at).getTime();
  if (!(elapsed >= MINUTE)) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

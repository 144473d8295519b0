// English month and weekday names, for writing calendar days ("2026-11-27": a date with no clock or
// time zone) by hand rather than through Intl, whose first formatter costs a slow phone some 45 ms of
// start-up (loading its locale data) on every page that shows a date.

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** Sunday first, as `Date#getUTCDay` counts. */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "Jan" to "Dec", as Intl's en-US short months. */
export const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/** "Sun" to "Sat", as Intl's en-US short weekdays. */
export const SHORT_WEEKDAY_NAMES = WEEKDAY_NAMES.map((name) => name.slice(0, 3));

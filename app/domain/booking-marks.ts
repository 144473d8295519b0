// The marks' words, apart from the edit form's schemas: the office's lists show them and build no form.

/** The mark of a booking the customer moved online, in the office's lists. */
export const MOVED_BY_CUSTOMER_MARK = "Moved by customer";

/** The office's lists mark a booking whose closed day's customer was asked to pick another, until they do. */
export const NEW_DATE_NEEDED_MARK = "Needs a new date";

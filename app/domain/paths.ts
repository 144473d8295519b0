/** The booking wizard's address; the landing page and the dashboard link to it. */
export const BOOKING_WIZARD_PATH = "/book";

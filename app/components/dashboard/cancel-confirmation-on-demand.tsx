import { onDemand } from "~/components/on-demand";

/** The confirmation step has its own address (`?cancel=confirm`), so it works without JavaScript. */
export const CANCEL_CONFIRM_PARAM = "cancel";
export const CANCEL_CONFIRM_VALUE = "confirm";

// The dialog's code (Radix's focus trap and scroll lock) is fetched when a customer asks to cancel:
// the booking's page is read far more often than it is cancelled.
const cancelConfirmation = onDemand(() => import("./cancel-confirmation-dialog").then((module) => module.CancelConfirmationDialog));

/** Whether the page's address opens the confirmation: the browser's entry then fetches its code before hydrating. */
export function cancelConfirmationOpen(search: URLSearchParams): boolean {
  return search.get(CANCEL_CONFIRM_PARAM) === CANCEL_CONFIRM_VALUE;
}

export const loadCancelConfirmation = cancelConfirmation.fetchCode;

/** "Are you sure…", its code fetched by the browser when it opens. */
export const CancelConfirmationOnDemand = import.meta.env.SSR
  ? (await import("./cancel-confirmation-dialog")).CancelConfirmationDialog
  : cancelConfirmation.InBrowser;

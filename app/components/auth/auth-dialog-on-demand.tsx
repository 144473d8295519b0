import { onDemand } from "~/components/on-demand";

// The sign-in / sign-up dialog: its forms and their checks are much of what a first page would
// otherwise load, for the few who open it.
const authDialog = onDemand(() => import("./auth-dialog").then((module) => module.AuthDialog));

/** Fetches the dialog's code once; the browser's entry waits for it before hydrating a page that shows the dialog open. */
export const loadAuthDialog = authDialog.fetchCode;

/** The sign-in / sign-up dialog, its code fetched by the browser when the dialog opens. */
export const AuthDialogOnDemand = import.meta.env.SSR ? (await import("./auth-dialog")).AuthDialog : authDialog.InBrowser;

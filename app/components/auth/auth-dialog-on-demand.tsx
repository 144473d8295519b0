import { Suspense, lazy, type ComponentProps } from "react";
import type { AuthDialog as AuthDialogType } from "./auth-dialog";

// The dialog's forms and their checks are much of what a first page would load, for the few who open
// it: the browser fetches them when the dialog opens. The server has them at hand and renders an open
// dialog in the page itself, so it works before (and without) JavaScript; hydrating such a page waits
// for the dialog's code, keeping the server's dialog meanwhile.
const Dialog: typeof AuthDialogType = import.meta.env.SSR
  ? (await import("./auth-dialog")).AuthDialog
  : (lazy(() => import("./auth-dialog").then((module) => ({ default: module.AuthDialog }))) as unknown as typeof AuthDialogType);

/** The sign-in / sign-up dialog, its code loaded in the browser when it opens. */
export function AuthDialogOnDemand(props: ComponentProps<typeof AuthDialogType>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

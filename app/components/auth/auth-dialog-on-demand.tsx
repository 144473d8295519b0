import { lazy } from "react";
import type { AuthDialog as AuthDialogType } from "./auth-dialog";

/**
 * The sign-in / sign-up dialog, its code fetched by the browser when the dialog opens: its forms and
 * their checks are much of what a first page would otherwise load, for the few who open it. The
 * server has the code at hand and renders an open dialog in the page itself, so it works before and
 * without JavaScript. No Suspense boundary of its own: React may send a boundary's content apart
 * from the page, to be moved into place by a script, which a browser without JavaScript never runs.
 * In the browser, opening it is a navigation (a transition), which waits for the code; hydrating a
 * page with it open waits too, keeping the server's dialog meanwhile.
 */
export const AuthDialogOnDemand: typeof AuthDialogType = import.meta.env.SSR
  ? (await import("./auth-dialog")).AuthDialog
  : (lazy(() => import("./auth-dialog").then((module) => ({ default: module.AuthDialog }))) as unknown as typeof AuthDialogType);

import { createElement, lazy, useState, type ComponentProps } from "react";
import type { AuthDialog as AuthDialogType } from "./auth-dialog";

type AuthDialogComponent = typeof AuthDialogType;

let loaded: AuthDialogComponent | undefined;
let loading: Promise<AuthDialogComponent> | undefined;

/** Fetches the dialog's code once; the browser's entry waits for it before hydrating a page that shows the dialog open. */
export function loadAuthDialog(): Promise<AuthDialogComponent> {
  return (loading ??= import("./auth-dialog").then((module) => (loaded = module.AuthDialog)));
}

const LazyAuthDialog = lazy(() => loadAuthDialog().then((AuthDialog) => ({ default: AuthDialog })));

/**
 * In the browser: the dialog itself when its code is already here (a page that loaded with it open),
 * else lazily, fetched as it opens. Chosen once, so a later render never swaps one for the other
 * (which would reset what the visitor typed).
 */
function AuthDialogInBrowser(props: ComponentProps<AuthDialogComponent>) {
  const [Dialog] = useState<AuthDialogComponent>(() => loaded ?? (LazyAuthDialog as unknown as AuthDialogComponent));
  return createElement(Dialog, props);
}

/**
 * The sign-in / sign-up dialog, its code fetched by the browser when the dialog opens: its forms and
 * their checks are much of what a first page would otherwise load, for the few who open it. The
 * server has the code at hand and renders an open dialog in the page itself, so it works before and
 * without JavaScript. No Suspense boundary of its own: React may send a boundary's content apart
 * from the page, to be moved into place by a script, which a browser without JavaScript never runs.
 * In the browser, opening it is a navigation (a transition), which waits for the code. A page that
 * loads with it open is hydrated only once the code is here (app/entry.client.tsx), so hydration
 * runs in one go and never stops to fetch it.
 */
export const AuthDialogOnDemand: AuthDialogComponent = import.meta.env.SSR ? (await import("./auth-dialog")).AuthDialog : AuthDialogInBrowser;

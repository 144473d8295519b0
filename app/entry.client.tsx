import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadAuthDialog } from "./components/auth/auth-dialog-on-demand";
import { cancelConfirmationOpen, loadCancelConfirmation } from "./components/dashboard/cancel-confirmation-on-demand";
import { parseAuthView } from "./domain/auth-views";

// React Router's own entry: hydration runs in a transition, which React splits into slices of a few
// milliseconds, so a slow phone never blocks a tap for the whole page's hydration (60 ms unthrottled for
// a wizard step, a quarter of a second on a slow phone, in one task when run in one go). A tap that
// arrives meanwhile makes React finish hydrating at once and then handles it. One difference: a page the
// server rendered with a dialog open whose code comes on demand (sign-in, a booking's cancellation) waits
// for the dialog's code before hydrating, so hydration never stops midway to fetch it and a tap on the
// dialog is never lost.
const search = new URLSearchParams(window.location.search);
const openDialogs = [parseAuthView(search.get("auth")) !== null ? loadAuthDialog() : null, cancelConfirmationOpen(search) ? loadCancelConfirmation() : null];
// A dialog whose code failed to come is fetched again as it renders; the page is hydrated anyway.
const ready = Promise.all(openDialogs.map((loading) => loading?.catch(() => undefined)));

void ready.then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});

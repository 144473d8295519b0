import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadAuthDialog } from "./components/auth/auth-dialog-on-demand";
import { cancelConfirmationOpen, loadCancelConfirmation } from "./components/dashboard/cancel-confirmation-on-demand";
import { parseAuthView } from "./domain/auth-views";

// React Router's own entry, with two differences, both so that a tap made while the page comes alive
// is never lost (one on the sign-in dialog's "Create an account" was):
// - A page the server rendered with a dialog open whose code comes on demand (sign-in, a booking's
//   cancellation) waits for the dialog's code before hydrating, so hydration never stops midway to fetch it.
// - Hydration runs in one go rather than in a transition: a tap arriving meanwhile is handled once
//   the page is live, instead of reaching a link whose router is not yet listening.
const search = new URLSearchParams(window.location.search);
const openDialogs = [parseAuthView(search.get("auth")) !== null ? loadAuthDialog() : null, cancelConfirmationOpen(search) ? loadCancelConfirmation() : null];
// A dialog whose code failed to come is fetched again as it renders; the page is hydrated anyway.
const ready = Promise.all(openDialogs.map((loading) => loading?.catch(() => undefined)));

void ready.then(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

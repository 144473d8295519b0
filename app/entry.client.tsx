import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadAuthDialog } from "./components/auth/auth-dialog-on-demand";
import { cancelConfirmationOpen, loadCancelConfirmation } from "./components/dashboard/cancel-confirmation-on-demand";
import { parseAuthView } from "./domain/auth-views";
import { holdPressesUntilHydrated } from "./presses-during-hydration";

// React Router's own entry, with three differences:
// - Hydration runs in a transition, which React splits into slices of a few milliseconds: a slow phone
//   never blocks a tap for the whole page's hydration (a quarter of a second for a wizard step in one go).
// - A press made meanwhile reaches React only with its click, which makes React finish hydrating at
//   once and then handle it: what the page's first live render moves or replaces is not lost under it.
// - A page the server rendered with a dialog open whose code comes on demand (sign-in, a booking's
//   cancellation) waits for the dialog's code before hydrating, so hydration never stops midway to fetch it.
const releasePresses = holdPressesUntilHydrated(window);
const search = new URLSearchParams(window.location.search);
const openDialogs = [parseAuthView(search.get("auth")) !== null ? loadAuthDialog() : null, cancelConfirmationOpen(search) ? loadCancelConfirmation() : null];
// A dialog whose code failed to come is fetched again as it renders; the page is hydrated anyway.
const ready = Promise.all(openDialogs.map((loading) => loading?.catch(() => undefined)));

/** Lets presses through once the page is live: its effects run after the first live render's. */
function Live({ children }: { children: ReactNode }) {
  useEffect(releasePresses, []);
  return children;
}

void ready.then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Live>
          <HydratedRouter />
        </Live>
      </StrictMode>,
    );
  });
});

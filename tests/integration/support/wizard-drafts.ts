import type { WizardStep } from "../../../app/domain/booking-wizard.ts";
import type { wizardLoader } from "../../../app/routes/book/wizard.server.ts";
import type { RouteOutcome, Visitor } from "./app-client.ts";

// The booking wizard's pages through the app's request handler: the first step is /book itself, each
// other one /book/<step>, and each is a route module of its own, named after its step.

/** What a step's page is given: the visitor's draft, and what that step needs besides. */
export type WizardPage = Awaited<ReturnType<typeof wizardLoader>>;

/** A step's address, with `search` (a link's pre-selections, the review's way back) as given. */
export function stepPath(step: WizardStep, search = ""): string {
  return `${step === "contact" ? "/book" : `/book/${step}`}${search}`;
}

/** A step as the page's router loads it: what the page shows, or where the wizard sends the visitor instead. */
export function openStep(visitor: Visitor, step: WizardStep, search = ""): Promise<RouteOutcome<WizardPage>> {
  return visitor.load<WizardPage>(stepPath(step, search), `routes/book/${step}`);
}

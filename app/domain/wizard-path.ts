import { WIZARD_STEPS, returnSearch, type ReturnTo, type WizardStep } from "./booking-wizard";

/** A step's pathname: the first step is /book itself, each other one /book/<step>. */
const stepPathname = (step: WizardStep): string => (step === "contact" ? "/book" : `/book/${step}`);

/** A wizard step's address, with where it returns to when asked. */
export function wizardPath(step: WizardStep, returnTo: ReturnTo | null = null): string {
  return `${stepPathname(step)}${returnSearch(returnTo)}`;
}

/**
 * True for the address of a booking wizard step (any query): the auth dialog was opened from the
 * wizard and returns there, so signing up or in keeps the guest's draft.
 */
export function isWizardPath(path: string): boolean {
  if (!path.startsWith("/")) return false;
  const { pathname } = new URL(path, "http://same.invalid");
  const withoutTrailingSlash = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return WIZARD_STEPS.some((step) => stepPathname(step) === withoutTrailingSlash);
}

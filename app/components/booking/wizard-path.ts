import { href } from "react-router";
import { returnSearch, type ReturnTo, type WizardStep } from "~/domain/booking-wizard";

/** A wizard step's address (the first step is /book itself), with where it returns to when asked. */
export function wizardPath(step: WizardStep, returnTo: ReturnTo | null = null): string {
  const path = step === "contact" ? href("/book/:step?") : href("/book/:step?", { step });
  return `${path}${returnSearch(returnTo)}`;
}

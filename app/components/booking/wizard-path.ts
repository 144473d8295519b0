import { href } from "react-router";
import { returnSearch, type ReturnTo, type WizardStep } from "~/domain/booking-wizard";

const STEP_PATHS: Record<WizardStep, string> = {
  contact: href("/book"),
  details: href("/book/details"),
  team: href("/book/team"),
  service: href("/book/service"),
  addons: href("/book/addons"),
  review: href("/book/review"),
};

/** A wizard step's address (the first step is /book itself), with where it returns to when asked. */
export function wizardPath(step: WizardStep, returnTo: ReturnTo | null = null): string {
  return `${STEP_PATHS[step]}${returnSearch(returnTo)}`;
}

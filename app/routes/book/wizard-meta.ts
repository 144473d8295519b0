import type { MetaDescriptor } from "react-router";
import { STEP_TITLES, WIZARD_STEPS, type WizardStep } from "~/domain/booking-wizard";
import { pageMeta } from "../frame-meta";

/** A wizard step's tab title: the step, where it stands among the steps, and the company. */
export function wizardStepMeta(step: WizardStep, matches: Parameters<typeof pageMeta>[1]): MetaDescriptor[] {
  const number = WIZARD_STEPS.indexOf(step) + 1;
  return pageMeta(`${STEP_TITLES[step]} · Step ${number} of ${WIZARD_STEPS.length} · Book your move`, matches);
}

import type { RouterContextProvider } from "react-router";
import { parseStep, type WizardStep } from "../../../app/domain/booking-wizard.ts";
import { wizardAction, wizardLoader } from "../../../app/routes/book/wizard.server.ts";

// The booking wizard's pages for integration tests: each step is a route module of its own, and a test
// names the step it posts to or opens as `params.step` (none for the first), as its address does.

interface StepArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
}

function stepOf(params: StepArgs["params"]): WizardStep {
  const step = params.step === undefined ? "contact" : parseStep(params.step);
  if (!step) throw new Error(`no wizard step is called ${params.step}`);
  return step;
}

/** The loader of the step named by `params.step`. */
export const stepLoader = (args: StepArgs) => wizardLoader(stepOf(args.params), args);
/** The action of the step named by `params.step`. */
export const stepAction = (args: StepArgs) => wizardAction(stepOf(args.params), args);

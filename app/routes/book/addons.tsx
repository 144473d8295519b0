import { AddonsStep } from "~/components/booking/addons-step";
import { WizardPage } from "~/components/booking/wizard-page";
import { wizardStepMeta } from "./wizard-meta";
import { wizardAction, wizardLoader } from "./wizard.server";
import type { Route } from "./+types/addons";

export const loader = (args: Route.LoaderArgs) => wizardLoader("addons", args);
export const action = (args: Route.ActionArgs) => wizardAction("addons", args);
export const meta: Route.MetaFunction = ({ matches }) => wizardStepMeta("addons", matches);

export default function AddonsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WizardPage step="addons" draft={loaderData.draft} returnTo={loaderData.returnTo} lastResult={actionData?.result}>
      {(stepProps) => <AddonsStep {...stepProps} signedIn={loaderData.signedIn} photos={loaderData.photos} />}
    </WizardPage>
  );
}

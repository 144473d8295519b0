import { ServiceStep } from "~/components/booking/service-step";
import { WizardPage } from "~/components/booking/wizard-page";
import { wizardStepMeta } from "./wizard-meta";
import { wizardAction, wizardLoader } from "./wizard.server";
import type { Route } from "./+types/service";

export const loader = (args: Route.LoaderArgs) => wizardLoader("service", args);
export const action = (args: Route.ActionArgs) => wizardAction("service", args);
export const meta: Route.MetaFunction = ({ matches }) => wizardStepMeta("service", matches);

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WizardPage step="service" draft={loaderData.draft} returnTo={loaderData.returnTo} lastResult={actionData?.result}>
      {(stepProps) => <ServiceStep {...stepProps} />}
    </WizardPage>
  );
}

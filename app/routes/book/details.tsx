import { DetailsStep } from "~/components/booking/details-step";
import { WizardPage } from "~/components/booking/wizard-page";
import { wizardStepMeta } from "./wizard-meta";
import { wizardAction, wizardLoader } from "./wizard.server";
import type { Route } from "./+types/details";

export const loader = (args: Route.LoaderArgs) => wizardLoader("details", args);
export const action = (args: Route.ActionArgs) => wizardAction("details", args);
export const meta: Route.MetaFunction = ({ matches }) => wizardStepMeta("details", matches);

export default function DetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  // A refused Continue shows the month and the slots of the date it posted.
  const availability = actionData?.availability ?? loaderData.availability;
  return (
    <WizardPage step="details" draft={loaderData.draft} returnTo={loaderData.returnTo} lastResult={actionData?.result}>
      {(stepProps) =>
        availability ? <DetailsStep {...stepProps} today={loaderData.today} availability={availability} capacity={loaderData.capacity} /> : null
      }
    </WizardPage>
  );
}

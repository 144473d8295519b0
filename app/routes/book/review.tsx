import { ReviewStep } from "~/components/booking/review-step";
import { WizardPage } from "~/components/booking/wizard-page";
import { wizardStepMeta } from "./wizard-meta";
import { wizardAction, wizardLoader } from "./wizard.server";
import type { Route } from "./+types/review";

export const loader = (args: Route.LoaderArgs) => wizardLoader("review", args);
export const action = (args: Route.ActionArgs) => wizardAction("review", args);
export const meta: Route.MetaFunction = ({ matches }) => wizardStepMeta("review", matches);

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WizardPage step="review" draft={loaderData.draft} returnTo={loaderData.returnTo} lastResult={actionData?.result}>
      {(stepProps) => (
        <ReviewStep
          {...stepProps}
          attempt={loaderData.attempt}
          cancellation={loaderData.cancellation}
          billMarginPercent={loaderData.billMarginPercent}
          detailsToKeep={loaderData.detailsToKeep}
        />
      )}
    </WizardPage>
  );
}

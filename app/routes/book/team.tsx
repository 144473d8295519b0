import { TeamStep } from "~/components/booking/team-step";
import { WizardPage } from "~/components/booking/wizard-page";
import { wizardStepMeta } from "./wizard-meta";
import { wizardAction, wizardLoader } from "./wizard.server";
import type { Route } from "./+types/team";

export const loader = (args: Route.LoaderArgs) => wizardLoader("team", args);
export const action = (args: Route.ActionArgs) => wizardAction("team", args);
export const meta: Route.MetaFunction = ({ matches }) => wizardStepMeta("team", matches);

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WizardPage step="team" draft={loaderData.draft} returnTo={loaderData.returnTo} lastResult={actionData?.result}>
      {(stepProps) => <TeamStep {...stepProps} />}
    </WizardPage>
  );
}

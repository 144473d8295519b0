import { ContactStep } from "~/components/booking/contact-step";
import { WizardPage } from "~/components/booking/wizard-page";
import { wizardStepMeta } from "./wizard-meta";
import { wizardAction, wizardLoader } from "./wizard.server";
import type { Route } from "./+types/contact";

export const loader = (args: Route.LoaderArgs) => wizardLoader("contact", args);
export const action = (args: Route.ActionArgs) => wizardAction("contact", args);
export const meta: Route.MetaFunction = ({ matches }) => wizardStepMeta("contact", matches);

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WizardPage step="contact" draft={loaderData.draft} returnTo={loaderData.returnTo} lastResult={actionData?.result}>
      {(stepProps) => <ContactStep {...stepProps} signedIn={loaderData.signedIn} />}
    </WizardPage>
  );
}

import { ShieldCheck, Star, Truck, Wallet } from "lucide-react";
import { Link, data, href, redirect } from "react-router";
import { AuthDialogOnDemand } from "~/components/auth/auth-dialog-on-demand";
import { ContactUsButton } from "~/components/contact-us-button";
import { BoxesIllustration, MoversIllustration } from "~/components/illustrations";
import { ServicesSection } from "~/components/services-section";
import { Testimonials } from "~/components/testimonials";
import { buttonClasses } from "~/components/ui/button";
import { parseAuthView } from "~/domain/auth-views";
import { useCompany } from "~/components/company-context";
import { formatCents } from "~/domain/money";
import { countInWords } from "~/domain/count-in-words";
import { WIZARD_STEPS } from "~/domain/booking-wizard";
import { DEPOSIT_CENTS, TRUCK_FEE_CENTS, TRUCK_FEE_MILES } from "~/domain/pricing";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { sessionContext } from "~/context";
import { homePath } from "~/services/session.server";
import { readFormBody } from "~/services/form-body.server";
import { companyDescription, companyFromMatches } from "../frame-meta";
import { requestPasswordReset, resendConfirmation, signIn, signUp } from "./auth-actions.server";
import { LANDING_STAY_PARAM } from "~/domain/website-path";
import type { Route } from "./+types/landing";

/** Signed-in visitors go to their own home (unless they asked for the website); others may have the
 *  auth dialog open. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  const params = new URL(request.url).searchParams;
  if (session.user && !params.has(LANDING_STAY_PARAM)) throw redirect(homePath(await session.roles()));
  const email = params.get("email") ?? "";
  return {
    authView: parseAuthView(params.get("auth")),
    redirectTo: safeRedirectPath(params.get("redirectTo"), ""),
    // The address just registered, so the login view that follows sign-up is filled in.
    email: email.length <= 320 ? email : "",
    // A guest's claim to the booking they paid for, sent back with the sign-up or sign-in form (checked there).
    claim: (params.get("claim") ?? "").slice(0, 200),
    // The wizard's length, counted here so that its module stays out of the landing's scripts.
    wizardSteps: WIZARD_STEPS.length,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  switch (formData.get("intent")) {
    case "login":
      return signIn(request, context, formData);
    case "signup":
      return signUp(request, context, formData);
    case "forgot":
      return requestPasswordReset(context, formData);
    case "resend-confirmation":
      return resendConfirmation(context, formData);
    default:
      throw data("Unknown form", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = companyFromMatches(matches);
  return [{ title: `${company.name} · Book your move in a minute` }, { name: "description", content: companyDescription(company) }];
};

const PROMISES = [
  {
    icon: Wallet,
    title: "Clear prices",
    text: `Hourly rates, a flat ${formatCents(TRUCK_FEE_CENTS)} truck fee up to ${TRUCK_FEE_MILES} miles, nothing hidden.`,
  },
  { icon: ShieldCheck, title: "Licensed and insured", text: "Your things are covered from the first box to the last." },
  { icon: Truck, title: "On time", text: "Morning and afternoon slots, with a crew that arrives when it says." },
];

export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany();
  return (
    <>
      {loaderData.authView ? (
        <AuthDialogOnDemand
          view={loaderData.authView}
          redirectTo={loaderData.redirectTo}
          email={loaderData.email}
          claim={loaderData.claim}
          actionData={actionData}
        />
      ) : null}
      <main id="top">
        <section className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-12 text-white sm:py-20">
          <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
            <div className="text-center lg:text-left">
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm">
                <Star aria-hidden className="size-4 fill-accent-400 text-accent-400" />
                {company.rating} from verified customers
              </p>
              <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Moving across {company.serviceArea}, made simple</h1>
              <p className="mt-4 text-lg text-brand-100">
                Book a careful, friendly crew in a minute and secure your date with a {formatCents(DEPOSIT_CENTS)} deposit. The balance is due after the move.
              </p>
              <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
                <Link to={href("/book")} className={buttonClasses("accent", "lg")}>
                  Book Your Move
                </Link>
                <ContactUsButton className={buttonClasses("outlineOnDark", "lg")} />
              </div>
            </div>
            <MoversIllustration priority className="mx-auto max-w-md lg:max-w-none" />
          </div>
        </section>

        <Testimonials />
        <ServicesSection />

        <section id="about" aria-labelledby="about-heading" className="scroll-mt-16 bg-slate-50 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="about-heading" className="text-center text-3xl font-bold">
              About {company.name}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
              A local crew that has moved thousands of {company.serviceArea} families and businesses. One metro area, one phone number, people who know the
              streets.
            </p>
            <ul className="mt-10 grid gap-6 sm:grid-cols-3">
              {PROMISES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-xl bg-white p-6 shadow-sm">
                  <Icon aria-hidden className="size-8 text-brand-600" />
                  <h3 className="mt-3 font-semibold">{title}</h3>
                  <p className="mt-1 text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="px-4 py-16 text-center">
          <BoxesIllustration lazy className="mx-auto mb-6 max-w-48" />
          <h2 className="text-3xl font-bold">Ready when you are</h2>
          <p className="mt-3 text-slate-600">{countInWords(loaderData.wizardSteps)} short steps, then your date is held.</p>
          <Link to={href("/book")} className={buttonClasses("primary", "lg", "mt-8")}>
            Start Booking Now
          </Link>
        </section>
      </main>
    </>
  );
}

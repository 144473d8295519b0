import type { ReactNode } from "react";
import { Link, href } from "react-router";
import { useCompany } from "~/components/company-context";
import { PhoneLink } from "~/components/phone-link";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/accessibility";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("Accessibility", matches, "How this site meets WCAG 2.2 AA, how it is tested, what is still missing, and how to tell us about a problem.");

/** When this statement was last checked against the site. */
const REVIEWED_ON = "November 29, 2026";

const linkClasses = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** One part of the statement, under its heading. */
function StatementSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The site's accessibility statement: the standard, how it is tested, the known gaps, and how to report a problem. */
export default function Accessibility() {
  const company = useCompany();
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 text-slate-800">
      <h1 className="text-3xl font-bold text-slate-900">Accessibility</h1>
      <p>
        {company.name} wants everyone to be able to book a move, pay, follow it and change it on this site, with a keyboard, a screen reader, a phone or a
        magnifier, and on a slow connection before the page&apos;s scripts have loaded.
      </p>

      <StatementSection id="standard" title="The standard">
        <p>We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. The site partly meets it: the gaps we know of are listed below.</p>
      </StatementSection>

      <StatementSection id="testing" title="How it is tested">
        <ul className="list-disc pl-6">
          <li>
            Every change runs axe&apos;s WCAG 2.2 AA rules, at every level of impact, on every page in a real browser, at a phone&apos;s width (390 pixels) and
            at 1280 pixels: the landing page, sign-in, every step of the booking, the payment page, the booking page and calendar of the link in our emails, the
            customer&apos;s dashboard and booking pages, and every page of the office&apos;s area.
          </li>
          <li>
            The same tests book, pay, reschedule and cancel with JavaScript turned off, so every form works as a plain web form, and with the scripts still
            loading.
          </li>
          <li>
            The controls of the booking steps, the dashboard and the office&apos;s tables are measured: each is at least 24 by 24 pixels, or far enough from the
            next one.
          </li>
          <li>Tabbing through every booking step on a phone, the control in focus is never under the buttons that stay at the bottom of the screen.</li>
          <li>
            Keyboard use is tested for the sign-in dialog (focus stays inside it and Escape closes it), the account menu, the mobile menu and the photo drop
            zone (Tab reaches it and Space opens the file chooser). Photos are added with the Choose photos button; dragging is never needed.
          </li>
          <li>Sign-in takes a pasted email and password, so a password manager fills it in; there is no puzzle to solve.</li>
          <li>The phone number, the email address and this statement are in the same place, the foot of the page, on every page.</li>
        </ul>
      </StatementSection>

      <StatementSection id="gaps" title="What we know is missing">
        <ul className="list-disc pl-6">
          <li>No one has yet gone through the site with a screen reader from start to finish; the automated checks cover names and roles only.</li>
          <li>
            In the office&apos;s mailbox, an email is shown as it was sent, inside a frame that the automated checks do not enter; its plain-text version is
            beside it.
          </li>
        </ul>
      </StatementSection>

      <StatementSection id="report" title="Tell us about a problem">
        <p>
          If something on this site stops you, or is hard to use, tell us what you were trying to do and on which page: email{" "}
          <a href={`mailto:${company.email}`} className={linkClasses}>
            {company.email}
          </a>{" "}
          or call <PhoneLink className={linkClasses}>{company.phoneDisplay}</PhoneLink> ({company.businessHours}). We can also take your booking, and any change
          to it, over the phone.
        </p>
      </StatementSection>

      <p className="text-sm text-slate-600">
        This statement was last reviewed on {REVIEWED_ON}.{" "}
        <Link to={href("/")} className={linkClasses}>
          Back to the home page
        </Link>
      </p>
    </main>
  );
}

import { Link, href } from "react-router";
import { useCompany } from "./company-context";

export function SiteFooter() {
  const company = useCompany();
  return (
    <footer className="bg-brand-900 px-4 py-10 text-brand-100 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          <p className="text-lg font-bold text-white">{company.name}</p>
          <p className="mt-1">Serving {company.serviceArea} and the surrounding metro area.</p>
          <p className="mt-1">Open {company.businessHours}</p>
        </div>
        <address className="not-italic">
          <a href={`tel:${company.phoneE164}`} className="block hover:text-white">
            {company.phoneDisplay}
          </a>
          <a href={`mailto:${company.email}`} className="block hover:text-white">
            {company.email}
          </a>
        </address>
      </div>
      <div className="mx-auto mt-8 flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm text-brand-100/80">
        <p>
          © {new Date().getFullYear()} {company.name}. Licensed and insured.
        </p>
        <Link to={href("/accessibility")} className="inline-flex min-h-6 items-center underline underline-offset-4 hover:text-white">
          Accessibility
        </Link>
      </div>
    </footer>
  );
}

import { useCompany } from "./company-context";

export function SiteFooter() {
  const COMPANY = useCompany();
  return (
    <footer className="bg-brand-900 px-4 py-10 text-brand-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          <p className="text-lg font-bold text-white">{COMPANY.name}</p>
          <p className="mt-1">Serving {COMPANY.serviceArea} and the surrounding metro area.</p>
          <p className="mt-1">Open {COMPANY.businessHours}</p>
        </div>
        <address className="not-italic">
          <a href={`tel:${COMPANY.phoneE164}`} className="block hover:text-white">
            {COMPANY.phoneDisplay}
          </a>
          <a href={`mailto:${COMPANY.email}`} className="block hover:text-white">
            {COMPANY.email}
          </a>
        </address>
      </div>
      <p className="mx-auto mt-8 max-w-6xl text-sm text-brand-100/80">
        © {new Date().getFullYear()} {COMPANY.name}. Licensed and insured.
      </p>
    </footer>
  );
}

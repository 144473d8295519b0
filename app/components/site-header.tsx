import { Truck } from "lucide-react";
import { Link } from "react-router";
import { COMPANY } from "~/domain/company";
import { buttonClasses } from "./ui/button";
import { MobileMenu, type MenuLink } from "./mobile-menu";

const SECTION_LINKS: MenuLink[] = [
  { href: "#services", label: "Services" },
  { href: "#about", label: "About" },
];

const AUTH_LINKS: MenuLink[] = [
  { href: "/?auth=login", label: "Sign In" },
  { href: "/?auth=signup", label: "Sign Up" },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <Truck aria-hidden className="size-7 text-brand-700" />
          {COMPANY.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((link) => (
            <a key={link.href} href={link.href} className="font-medium text-slate-700 hover:text-brand-700">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={AUTH_LINKS[0]!.href} className={buttonClasses("ghost", "sm")}>
            Sign In
          </Link>
          <Link to={AUTH_LINKS[1]!.href} className={buttonClasses("primary", "sm")}>
            Sign Up
          </Link>
        </div>
        <MobileMenu sectionLinks={SECTION_LINKS} accountLinks={AUTH_LINKS} />
      </div>
    </header>
  );
}

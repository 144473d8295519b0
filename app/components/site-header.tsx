import { Truck } from "lucide-react";
import { Link, href } from "react-router";
import { authViewPath } from "~/domain/auth-views";
import type { Account } from "~/domain/account";
import { AccountMenu } from "./account-menu";
import { useCompany } from "./company-context";
import { accountLinks } from "./account-menu-parts";
import { MobileMenu, type MenuLink } from "./mobile-menu";
import { buttonClasses } from "./ui/button";

const SECTION_LINKS: MenuLink[] = [
  { href: `${href("/")}#services`, label: "Services" },
  { href: `${href("/")}#about`, label: "About" },
];

const SIGN_IN: MenuLink = { href: authViewPath("login"), label: "Sign In" };
const SIGN_UP: MenuLink = { href: authViewPath("signup"), label: "Sign Up" };

/** The site frame's header: logo, section links, Sign In / Sign Up or the account menu, mobile menu. */
export function SiteHeader({ account }: { account: Account | null }) {
  const company = useCompany();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={href("/")} className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <Truck aria-hidden className="size-7 text-brand-700" />
          {company.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((link) => (
            <a key={link.href} href={link.href} className="font-medium text-slate-700 hover:text-brand-700">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {account ? (
            <AccountMenu account={account} />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={SIGN_IN.href} preventScrollReset className={buttonClasses("ghost", "sm")}>
                {SIGN_IN.label}
              </Link>
              <Link to={SIGN_UP.href} preventScrollReset className={buttonClasses("primary", "sm")}>
                {SIGN_UP.label}
              </Link>
            </div>
          )}
          <MobileMenu sectionLinks={SECTION_LINKS} accountLinks={account ? accountLinks(account) : [SIGN_IN, SIGN_UP]} />
        </div>
      </div>
    </header>
  );
}

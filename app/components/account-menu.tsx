import { ChevronDown } from "lucide-react";
import { lazy, Suspense } from "react";
import type { Account } from "~/root";
import { useHydrated } from "~/hooks/use-hydrated";
import { SignOutForm } from "./sign-out-form";

// The Radix dropdown only enhances the <details> menu, and only signed-in users see it:
// load it after hydration instead of with every page.
const AccountDropdown = lazy(() => import("./account-dropdown"));

export function accountLinks(account: Account) {
  return [
    { href: "/dashboard", label: "My Bookings" },
    ...(account.isAdmin ? [{ href: "/admin", label: "Admin Dashboard" }] : []),
    { href: "/dashboard?tab=profile", label: "Settings" },
  ];
}

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?"
  );
}

export const accountItemClasses =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100";

export function AccountTrigger({ account }: { account: Account }) {
  return (
    <>
      <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
        {initials(account.name)}
      </span>
      <span className="sr-only">Account menu for {account.name}</span>
      <ChevronDown aria-hidden className="size-4 text-slate-500" />
    </>
  );
}

export function AccountHeading({ account }: { account: Account }) {
  return (
    <div className="px-3 py-2">
      <p className="text-sm font-semibold text-slate-900">{account.name}</p>
      <p className="truncate text-xs text-slate-500">{account.email}</p>
    </div>
  );
}

function DisclosureMenu({ account }: { account: Account }) {
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full [&::-webkit-details-marker]:hidden">
        <AccountTrigger account={account} />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        <AccountHeading account={account} />
        <nav aria-label="Account">
          {accountLinks(account).map((link) => (
            <a key={link.href} href={link.href} className={accountItemClasses}>
              {link.label}
            </a>
          ))}
        </nav>
        <SignOutForm className={accountItemClasses} />
      </div>
    </details>
  );
}

/**
 * The signed-in user's menu (SPEC.md §2). Before JavaScript (and until the dropdown's code has
 * loaded) it is a <details> disclosure; then a Radix dropdown (arrow keys, Escape, focus return).
 */
export function AccountMenu({ account }: { account: Account }) {
  const disclosure = <DisclosureMenu account={account} />;
  if (!useHydrated()) return disclosure;
  return (
    <Suspense fallback={disclosure}>
      <AccountDropdown account={account} />
    </Suspense>
  );
}

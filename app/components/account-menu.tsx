import { lazy, Suspense } from "react";
import type { Account } from "~/domain/account";
import { useHydrated } from "~/hooks/use-hydrated";
import { AccountHeading, AccountTrigger, accountItemClasses, accountLinks } from "./account-menu-parts";
import { SignOutForm } from "./sign-out-form";

// The Radix dropdown only enhances the <details> menu, and only signed-in users see it:
// load it after hydration instead of with every page.
const AccountDropdown = lazy(() => import("./account-dropdown"));

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
 * The signed-in user's menu: name, email, My Bookings, Admin Dashboard (admins), Settings, Sign out.
 * Before JavaScript (and until the dropdown's code has loaded) it is a <details> disclosure; then a
 * Radix dropdown (arrow keys, Escape, focus return).
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

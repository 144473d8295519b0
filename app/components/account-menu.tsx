import { lazy, Suspense, useState } from "react";
import type { Account } from "~/domain/account";
import { useHydrated } from "~/hooks/use-hydrated";
import { AccountHeading, AccountTrigger, accountItemClasses, accountLinks } from "./account-menu-parts";
import { SignOutForm } from "./sign-out-form";

// The Radix dropdown only enhances the <details> menu, and only signed-in users see it:
// load it after hydration instead of with every page.
const AccountDropdown = lazy(() => import("./account-dropdown"));

const DISCLOSURE_ID = "account-menu-disclosure";

function DisclosureMenu({ account, open }: { account: Account; open?: boolean }) {
  return (
    <details id={DISCLOSURE_ID} className="relative" open={open}>
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
 * The signed-in user's menu: name, email, My Bookings, Admin Dashboard (admins), Profile, Sign out.
 * Before JavaScript (and until the dropdown's code has loaded) it is a <details> disclosure; then a
 * Radix dropdown (arrow keys, Escape, focus return).
 */
export function AccountMenu({ account }: { account: Account }) {
  // A menu the visitor opened before the scripts ran stays open through the swap to the dropdown.
  // Read once, while hydrating, from the server-rendered <details> the visitor may have opened.
  const [openedEarly] = useState(() => typeof document !== "undefined" && document.getElementById(DISCLOSURE_ID)?.hasAttribute("open") === true);
  if (!useHydrated()) return <DisclosureMenu account={account} />;
  return (
    <Suspense fallback={<DisclosureMenu account={account} open={openedEarly} />}>
      <AccountDropdown account={account} defaultOpen={openedEarly} />
    </Suspense>
  );
}

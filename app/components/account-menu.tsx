import { useRef } from "react";
import { Link } from "react-router";
import type { Account } from "~/domain/account";
import { useDisclosureDismiss } from "~/hooks/use-disclosure-dismiss";
import { AccountHeading, AccountTrigger, accountItemClasses, accountLinks } from "./account-menu-parts";
import { SignOutForm } from "./sign-out-form";

/**
 * The signed-in user's menu: name, email, My Bookings, Admin Dashboard (admins), Profile, Sign out.
 * A disclosure of links (the pattern for a menu of places to go), the browser's own <details>: it
 * works before and without JavaScript, and once the page is live it also closes on Escape, on a press
 * outside it and after a link is followed. No menu library in every signed-in page's scripts.
 */
export function AccountMenu({ account }: { account: Account }) {
  const details = useRef<HTMLDetailsElement>(null);
  useDisclosureDismiss(details);
  return (
    <details ref={details} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden">
        <AccountTrigger account={account} />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        <AccountHeading account={account} />
        <nav aria-label="Account">
          {accountLinks(account).map((link) => (
            <Link key={link.href} to={link.href} className={accountItemClasses}>
              {link.label}
            </Link>
          ))}
        </nav>
        <SignOutForm className={accountItemClasses} />
      </div>
    </details>
  );
}

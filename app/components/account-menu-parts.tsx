import { ChevronDown } from "lucide-react";
import { href } from "react-router";
import type { Account } from "~/domain/account";

/** The account menu's links, the same in the disclosure menu and the mobile menu. */
export function accountLinks(account: Account) {
  return [
    { href: href("/dashboard"), label: "My Bookings" },
    ...(account.staff ? [{ href: href("/admin"), label: "Admin Dashboard" }] : []),
    { href: href("/dashboard/profile"), label: "Profile" },
  ];
}

/** The first letters of a name's first two words ("Ada Admin": "AA"), or "?" for a name without letters. */
export function initials(name: string) {
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
      {account.avatarUrl ? (
        // Decorative: the trigger is named by the text below.
        <img src={account.avatarUrl} alt="" width={36} height={36} className="size-9 rounded-full bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
          {initials(account.name)}
        </span>
      )}
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

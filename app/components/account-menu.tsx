import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import { Form, Link } from "react-router";
import type { Account } from "~/root";
import { useHydrated } from "~/hooks/use-hydrated";
import { SignOutForm } from "./sign-out-form";

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

const itemClasses = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100";

function Avatar({ account }: { account: Account }) {
  return (
    <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
      {initials(account.name)}
    </span>
  );
}

function AccountHeading({ account }: { account: Account }) {
  return (
    <div className="px-3 py-2">
      <p className="text-sm font-semibold text-slate-900">{account.name}</p>
      <p className="truncate text-xs text-slate-500">{account.email}</p>
    </div>
  );
}

/**
 * The signed-in user's menu (SPEC.md §2). Before JavaScript it is a <details> disclosure; once
 * hydrated a Radix dropdown (arrow keys, Escape, focus return).
 */
export function AccountMenu({ account }: { account: Account }) {
  const hydrated = useHydrated();
  const trigger = (
    <>
      <Avatar account={account} />
      <span className="sr-only">Account menu for {account.name}</span>
      <ChevronDown aria-hidden className="size-4 text-slate-500" />
    </>
  );

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full [&::-webkit-details-marker]:hidden">{trigger}</summary>
        <div className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <AccountHeading account={account} />
          <nav aria-label="Account">
            {accountLinks(account).map((link) => (
              <a key={link.href} href={link.href} className={itemClasses}>
                {link.label}
              </a>
            ))}
          </nav>
          <SignOutForm className={itemClasses} />
        </div>
      </details>
    );
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-1 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <AccountHeading account={account} />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {accountLinks(account).map((link) => (
            <DropdownMenu.Item key={link.href} asChild>
              <Link to={link.href} className={itemClasses}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <Form method="post" action="/logout">
            <DropdownMenu.Item asChild>
              <button type="submit" className={itemClasses}>
                Log out
              </button>
            </DropdownMenu.Item>
          </Form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut } from "lucide-react";
import { Link, href, useSubmit } from "react-router";
import type { Account } from "~/domain/account";
import { AccountHeading, AccountTrigger, accountItemClasses, accountLinks } from "./account-menu-parts";

/** The hydrated account menu; loaded lazily by AccountMenu. */
export default function AccountDropdown({ account, defaultOpen = false }: { account: Account; defaultOpen?: boolean }) {
  const submit = useSubmit();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="flex items-center gap-1 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        <AccountTrigger account={account} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <AccountHeading account={account} />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {accountLinks(account).map((link) => (
            <DropdownMenu.Item key={link.href} asChild>
              <Link to={link.href} className={accountItemClasses}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* Selecting an item closes the menu and unmounts its content, so a <form> inside it would be
              gone before it submits: the item submits the sign-out itself. */}
          <DropdownMenu.Item className={accountItemClasses} onSelect={() => void submit(null, { method: "post", action: href("/logout") })}>
            <LogOut aria-hidden className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Form, Link } from "react-router";
import type { Account } from "~/root";
import { AccountHeading, AccountTrigger, accountItemClasses, accountLinks } from "./account-menu";

/** The hydrated account menu; loaded lazily by AccountMenu. */
export default function AccountDropdown({ account }: { account: Account }) {
  return (
    <DropdownMenu.Root>
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
          <Form method="post" action="/logout">
            <DropdownMenu.Item asChild>
              <button type="submit" className={accountItemClasses}>
                Log out
              </button>
            </DropdownMenu.Item>
          </Form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { buttonClasses } from "./ui/button";

export interface MenuLink {
  href: string;
  label: string;
}

interface MobileMenuProps {
  sectionLinks: MenuLink[];
  accountLinks: MenuLink[];
}

const panelClasses = "flex h-full w-72 max-w-[85vw] flex-col gap-2 bg-white p-6 shadow-xl";
const linkClasses = "rounded-lg px-3 py-3 text-lg font-medium text-slate-800 hover:bg-slate-100";
const triggerClasses = buttonClasses("ghost", "sm", "size-11 px-0 md:hidden");

/**
 * The side menu below 768px. Before JavaScript it is a CSS :target drawer: the trigger links to
 * #mobile-menu and following any link inside closes it. Once hydrated it is a Radix dialog
 * (focus kept inside, Escape closes, no history entries).
 */
export function MobileMenu(props: MobileMenuProps) {
  return useHydrated() ? <DialogMenu {...props} /> : <TargetMenu {...props} />;
}

function MenuLinks({ sectionLinks, accountLinks, onNavigate }: MobileMenuProps & { onNavigate?: () => void }) {
  return (
    <nav aria-label="Mobile" className="flex flex-col gap-1">
      {[...sectionLinks, ...accountLinks].map((link) => (
        <a key={link.href} href={link.href} className={linkClasses} onClick={onNavigate}>
          {link.label}
        </a>
      ))}
    </nav>
  );
}

function TargetMenu(props: MobileMenuProps) {
  return (
    <>
      <a href="#mobile-menu" className={triggerClasses} aria-label="Open menu">
        <Menu aria-hidden className="size-6" />
      </a>
      <div id="mobile-menu" className="fixed inset-0 z-50 hidden justify-end target:flex md:target:hidden">
        <a href="#top" aria-label="Close menu" className="absolute inset-0 bg-slate-900/50" />
        <div className={`relative ${panelClasses}`}>
          <a href="#top" className={`${triggerClasses} self-end`} aria-label="Close menu">
            <X aria-hidden className="size-6" />
          </a>
          <MenuLinks {...props} />
        </div>
      </div>
    </>
  );
}

function DialogMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClasses} aria-label="Open menu">
        <Menu aria-hidden className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
        <Dialog.Content className={`fixed inset-y-0 right-0 z-50 md:hidden ${panelClasses}`} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Close className={`${triggerClasses} self-end`} aria-label="Close menu">
            <X aria-hidden className="size-6" />
          </Dialog.Close>
          <MenuLinks {...props} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

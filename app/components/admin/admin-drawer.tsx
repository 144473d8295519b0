import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import type { AdminPagePath } from "~/domain/admin-navigation";
import { useHydrated } from "~/hooks/use-hydrated";
import { SIDEBAR_BUTTON_CLASSES, SidebarFooter, SidebarNavigation, SidebarTitle } from "./admin-sidebar-parts";

interface AdminDrawerProps {
  pendingCount: number;
  pages: readonly AdminPagePath[];
  email: string;
  roleLabel: string;
}

const DRAWER_ID = "admin-menu";
const triggerClasses = buttonClasses("ghost", "sm", "size-11 px-0 md:hidden");
const panelClasses = "flex h-full w-72 max-w-[85vw] flex-col bg-slate-900 text-slate-100 shadow-xl";
const closeClasses = `${SIDEBAR_BUTTON_CLASSES} absolute top-3 right-3 size-11`;

/**
 * The sidebar below 768px: an 18rem drawer. Before JavaScript it is a CSS :target drawer (the trigger
 * links to #admin-menu, and following a link inside leaves it); once hydrated it is a Radix dialog
 * (focus kept inside, Escape closes, a link closes it as it navigates).
 */
export function AdminDrawer(props: AdminDrawerProps) {
  return useHydrated() ? <DialogDrawer {...props} /> : <TargetDrawer {...props} />;
}

function DrawerContents({ onNavigate, ...props }: AdminDrawerProps & { onNavigate?: () => void }) {
  return (
    <>
      <SidebarTitle collapsed={false} />
      <SidebarNavigation collapsed={false} pendingCount={props.pendingCount} pages={props.pages} label="Admin (menu)" onNavigate={onNavigate} />
      <SidebarFooter collapsed={false} email={props.email} roleLabel={props.roleLabel} />
    </>
  );
}

function TargetDrawer(props: AdminDrawerProps) {
  return (
    <>
      <a href={`#${DRAWER_ID}`} className={triggerClasses} aria-label="Open admin menu">
        <Menu aria-hidden className="size-6" />
      </a>
      <div id={DRAWER_ID} className="fixed inset-0 z-50 hidden target:flex md:target:hidden">
        <a href="#top" aria-label="Close menu" className="absolute inset-0 bg-slate-900/50" />
        <div className={`relative ${panelClasses}`}>
          <a href="#top" aria-label="Close menu" className={closeClasses}>
            <X aria-hidden className="size-6" />
          </a>
          <DrawerContents {...props} />
        </div>
      </div>
    </>
  );
}

function DialogDrawer(props: AdminDrawerProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClasses} aria-label="Open admin menu">
        <Menu aria-hidden className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
        <Dialog.Content className={`fixed inset-y-0 left-0 z-50 md:hidden ${panelClasses}`} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
          <Dialog.Close className={closeClasses} aria-label="Close menu">
            <X aria-hidden className="size-6" />
          </Dialog.Close>
          <DrawerContents {...props} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

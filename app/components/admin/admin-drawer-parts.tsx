import { buttonClasses } from "~/components/ui/button";
import type { AdminPagePath } from "~/domain/admin-navigation";
import { SIDEBAR_BUTTON_CLASSES, SidebarFooter, SidebarNavigation, SidebarTitle } from "./admin-sidebar-parts";

// What the phone's drawer shows, before JavaScript and as a dialog alike.

export interface AdminDrawerProps {
  pendingCount: number;
  pages: readonly AdminPagePath[];
  email: string;
  roleLabel: string;
}

export const DRAWER_TRIGGER_CLASSES = buttonClasses("ghost", "sm", "size-11 px-0 md:hidden");
export const DRAWER_PANEL_CLASSES = "flex h-full w-72 max-w-[85vw] flex-col bg-slate-900 text-slate-100 shadow-xl";
export const DRAWER_CLOSE_CLASSES = `${SIDEBAR_BUTTON_CLASSES} absolute top-3 right-3 size-11`;

export function DrawerContents({ onNavigate, ...props }: AdminDrawerProps & { onNavigate?: () => void }) {
  return (
    <>
      <SidebarTitle collapsed={false} />
      <SidebarNavigation collapsed={false} pendingCount={props.pendingCount} pages={props.pages} label="Admin (menu)" onNavigate={onNavigate} />
      <SidebarFooter collapsed={false} email={props.email} roleLabel={props.roleLabel} />
    </>
  );
}

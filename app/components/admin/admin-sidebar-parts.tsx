import { BarChart3, CalendarDays, CalendarRange, Clock, HandCoins, LayoutDashboard, Mail, Send, Settings, Truck, UserCog, Users } from "lucide-react";
import { NavLink, useLocation } from "react-router";
import { SignOutForm } from "~/components/sign-out-form";
import type { AdminPagePath } from "~/domain/admin-navigation";

// What the admin sidebar and the phone's drawer both show: the title, the links, who is signed in.

/** On the sidebar's dark background: light text, a lighter shade on hover. */
export const SIDEBAR_BUTTON_CLASSES =
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold text-slate-100 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400";

const NAVIGATION: readonly { to: AdminPagePath; label: string; icon: typeof Settings; end: boolean; pending?: true; tabsUnder?: string }[] = [
  // Its other tabs are pages under /admin/overview/, still the dashboard.
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true, tabsUnder: "/admin/overview/" },
  { to: "/admin/bookings", label: "All Bookings", icon: CalendarDays, end: false },
  { to: "/admin/pending", label: "Pending", icon: Clock, end: false, pending: true },
  { to: "/admin/active", label: "Active Moves", icon: Truck, end: false },
  { to: "/admin/schedule", label: "Schedule", icon: CalendarRange, end: false },
  { to: "/admin/customers", label: "Customers", icon: Users, end: false },
  { to: "/admin/users", label: "Users", icon: UserCog, end: false },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3, end: false },
  { to: "/admin/crews", label: "Crews & Tips", icon: HandCoins, end: false },
  { to: "/admin/messages", label: "Messages", icon: Send, end: false },
  { to: "/admin/settings", label: "Settings", icon: Settings, end: false },
  { to: "/admin/mail", label: "Mailbox", icon: Mail, end: false },
];

export function SidebarTitle({ collapsed }: { collapsed: boolean }) {
  return (
    <div className={`border-b border-slate-800 py-4 ${collapsed ? "px-2 text-center" : "px-4"}`}>
      <p className={collapsed ? "sr-only" : "text-lg font-bold"}>Admin Panel</p>
      <p className={collapsed ? "sr-only" : "text-sm text-slate-400"}>Operations Dashboard</p>
      {collapsed ? (
        <span aria-hidden className="text-sm font-bold">
          AP
        </span>
      ) : null}
    </div>
  );
}

/** Links to the admin pages in `pages` (those the signed-in role may open), in the sidebar's order. */
export function SidebarNavigation({
  collapsed,
  pendingCount,
  pages,
  label = "Admin",
  onNavigate,
}: {
  collapsed: boolean;
  pendingCount: number;
  pages: readonly AdminPagePath[];
  label?: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
      {NAVIGATION.filter((item) => pages.includes(item.to)).map((item) => {
        const Icon = item.icon;
        const onItsTab = item.tabsUnder !== undefined && pathname.startsWith(item.tabsUnder);
        const badge = item.pending && pendingCount > 0 ? pendingCount : null;
        return (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            title={collapsed ? item.label : undefined}
            // The name says the count in words; the badge itself is only seen.
            aria-label={badge !== null ? `${item.label}, ${badge} pending` : undefined}
            className={({ isActive }) =>
              `relative flex h-10 items-center gap-3 rounded-md text-sm font-medium ${collapsed ? "justify-center px-0" : "px-3"} ${
                isActive || onItsTab ? "bg-slate-700 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"
              }`
            }
          >
            <Icon aria-hidden className="size-4 shrink-0" />
            <span className={collapsed ? "sr-only" : "flex-1"}>{item.label}</span>
            {badge !== null ? (
              <span
                aria-hidden
                className={
                  collapsed
                    ? "absolute top-0.5 right-0.5 min-w-4 rounded-full bg-amber-400 px-1 text-center text-[10px] leading-4 font-bold text-slate-900"
                    : "rounded-full bg-amber-400 px-2 text-xs leading-5 font-bold text-slate-900"
                }
              >
                {badge}
              </span>
            ) : null}
          </NavLink>
        );
      })}
    </nav>
  );
}

export function SidebarFooter({ collapsed, email, roleLabel }: { collapsed: boolean; email: string; roleLabel: string }) {
  return (
    <div className={`border-t border-slate-800 p-3 ${collapsed ? "px-1" : ""}`}>
      <div className={collapsed ? "sr-only" : "mb-2 min-w-0"}>
        <p className="truncate text-sm font-medium">{email}</p>
        <p className="text-xs text-slate-400">{roleLabel}</p>
      </div>
      <SignOutForm className={`${SIDEBAR_BUTTON_CLASSES} h-9 w-full ${collapsed ? "px-0" : "px-3"}`} labelClassName={collapsed ? "sr-only" : undefined} />
    </div>
  );
}

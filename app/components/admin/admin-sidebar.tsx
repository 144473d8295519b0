import { BarChart3, CalendarDays, Clock, LayoutDashboard, PanelLeftClose, PanelLeftOpen, Settings, Truck, UserCog, Users, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, NavLink, href, useLocation } from "react-router";
import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { otherSidebarState, sidebarCookie, type SidebarState } from "~/domain/admin-sidebar";

export interface AdminSidebarProps {
  state: SidebarState;
  pendingCount: number;
  email: string;
  /** 'Administrator' or 'Moderator'. */
  roleLabel: string;
}

const NAVIGATION = [
  { to: href("/admin"), label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: href("/admin/bookings"), label: "All Bookings", icon: CalendarDays, end: false },
  { to: href("/admin/pending"), label: "Pending", icon: Clock, end: false, pending: true },
  { to: href("/admin/active"), label: "Active Moves", icon: Truck, end: false },
  { to: href("/admin/customers"), label: "Customers", icon: Users, end: false },
  { to: href("/admin/users"), label: "Users", icon: UserCog, end: false },
  { to: href("/admin/analytics"), label: "Analytics", icon: BarChart3, end: false },
  { to: href("/admin/settings"), label: "Settings", icon: Settings, end: false },
] as const;

/** The drawer's id: below 768px the header's menu link targets it, so it opens without JavaScript. */
export const ADMIN_DRAWER_ID = "admin-menu";

/**
 * The admin area's sidebar: open (16rem) or collapsed to icons (3rem), drawn by the server from the
 * cookie. Without JavaScript the toggle posts to /admin/sidebar, which sets the cookie and comes back;
 * with it the toggle (and ctrl/cmd+b) switches at once and writes the same cookie.
 */
export function AdminSidebar(props: AdminSidebarProps) {
  const [state, setState] = useState(props.state);
  const collapsed = state === "collapsed";
  const toggle = () => setState(otherSidebarState);

  useEffect(() => {
    document.cookie = sidebarCookie(state);
  }, [state]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        setState(otherSidebarState);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <aside
        data-state={state}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-800 bg-slate-900 text-slate-100 transition-[width] duration-200 md:flex ${collapsed ? "w-12" : "w-64"}`}
      >
        <SidebarTitle collapsed={collapsed} />
        <SidebarNavigation collapsed={collapsed} pendingCount={props.pendingCount} />
        <SidebarToggle state={state} onToggle={toggle} />
        <SidebarFooter collapsed={collapsed} email={props.email} roleLabel={props.roleLabel} />
      </aside>
      <div id={ADMIN_DRAWER_ID} className="fixed inset-0 z-50 hidden target:flex md:target:hidden">
        <a href="#top" aria-label="Close menu" className="absolute inset-0 bg-slate-900/50" />
        <div className="relative flex h-full w-72 max-w-[85vw] flex-col bg-slate-900 text-slate-100 shadow-xl">
          <a
            href="#top"
            aria-label="Close menu"
            className={buttonClasses("ghost", "sm", "absolute top-3 right-3 size-11 px-0 text-slate-100 hover:bg-slate-800")}
          >
            <X aria-hidden className="size-6" />
          </a>
          <SidebarTitle collapsed={false} />
          <SidebarNavigation collapsed={false} pendingCount={props.pendingCount} label="Admin (menu)" />
          <SidebarFooter collapsed={false} email={props.email} roleLabel={props.roleLabel} />
        </div>
      </div>
    </>
  );
}

function SidebarTitle({ collapsed }: { collapsed: boolean }) {
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

function SidebarNavigation({ collapsed, pendingCount, label = "Admin" }: { collapsed: boolean; pendingCount: number; label?: string }) {
  return (
    <nav aria-label={label} className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
      {NAVIGATION.map((item) => {
        const Icon = item.icon;
        const badge = "pending" in item && pendingCount > 0 ? pendingCount : null;
        return (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            title={collapsed ? item.label : undefined}
            className={({ isActive }) =>
              `relative flex h-10 items-center gap-3 rounded-md text-sm font-medium ${collapsed ? "justify-center px-0" : "px-3"} ${
                isActive ? "bg-slate-700 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"
              }`
            }
          >
            <Icon aria-hidden className="size-4 shrink-0" />
            <span className={collapsed ? "sr-only" : "flex-1"}>{item.label}</span>
            {badge !== null ? (
              <span
                className={
                  collapsed
                    ? "absolute top-0.5 right-0.5 min-w-4 rounded-full bg-amber-400 px-1 text-center text-[10px] leading-4 font-bold text-slate-900"
                    : "rounded-full bg-amber-400 px-2 text-xs leading-5 font-bold text-slate-900"
                }
              >
                <span className="sr-only">, </span>
                {badge}
                <span className="sr-only"> pending</span>
              </span>
            ) : null}
          </NavLink>
        );
      })}
    </nav>
  );
}

function SidebarToggle({ state, onToggle }: { state: SidebarState; onToggle: () => void }) {
  const location = useLocation();
  const collapsed = state === "collapsed";
  const label = collapsed ? "Expand sidebar" : "Collapse sidebar";
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <Form
      method="post"
      action={href("/admin/sidebar")}
      className={`border-t border-slate-800 p-2 ${collapsed ? "flex justify-center" : ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        onToggle();
      }}
    >
      <input type="hidden" name="state" value={otherSidebarState(state)} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-label={label}
        title={`${label} (Ctrl+B)`}
        aria-keyshortcuts="Control+B Meta+B"
        className="flex h-10 w-full items-center justify-center gap-2 rounded-md text-sm text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <Icon aria-hidden className="size-4" />
        {collapsed ? null : <span>Collapse</span>}
      </button>
    </Form>
  );
}

function SidebarFooter({ collapsed, email, roleLabel }: { collapsed: boolean; email: string; roleLabel: string }) {
  return (
    <div className={`border-t border-slate-800 p-3 ${collapsed ? "px-1" : ""}`}>
      <div className={collapsed ? "sr-only" : "mb-2 min-w-0"}>
        <p className="truncate text-sm font-medium">{email}</p>
        <p className="text-xs text-slate-400">{roleLabel}</p>
      </div>
      <SignOutForm
        className={buttonClasses("ghost", "sm", `w-full text-slate-100 hover:bg-slate-800 hover:text-white ${collapsed ? "px-0" : ""}`)}
        label="Sign Out"
        labelClassName={collapsed ? "sr-only" : undefined}
      />
    </div>
  );
}

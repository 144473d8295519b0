import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, href, useLocation } from "react-router";
import type { AdminPagePath } from "~/domain/admin-navigation";
import { otherSidebarState, sidebarCookie, type SidebarState } from "~/domain/admin-sidebar";
import { SidebarFooter, SidebarNavigation, SidebarTitle } from "./admin-sidebar-parts";

export interface AdminSidebarProps {
  state: SidebarState;
  pendingCount: number;
  /** The admin pages the signed-in role may open: the only ones linked. */
  pages: readonly AdminPagePath[];
  email: string;
  /** 'Administrator' or 'Moderator'. */
  roleLabel: string;
}

/**
 * The admin area's sidebar from 768px up: open (16rem) or collapsed to icons (3rem), drawn by the
 * server from the cookie. Without JavaScript the toggle posts to /admin/sidebar, which sets the cookie
 * and comes back; with it the toggle (and ctrl/cmd+b) switches at once and writes the same cookie.
 */
export function AdminSidebar(props: AdminSidebarProps) {
  const [state, setState] = useState(props.state);
  const collapsed = state === "collapsed";

  // Only a change is written: the server drew the first state from the cookie (or its default) already.
  const written = useRef(props.state);
  useEffect(() => {
    if (state === written.current) return;
    written.current = state;
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
    // The dark column runs the page's whole height; its contents stay on screen as the page scrolls.
    <aside
      data-state={state}
      className={`hidden shrink-0 border-r border-slate-800 bg-slate-900 text-slate-100 transition-[width] duration-200 md:block ${collapsed ? "w-12" : "w-64"}`}
    >
      <div className="sticky top-0 flex h-screen flex-col">
        <SidebarTitle collapsed={collapsed} />
        <SidebarNavigation collapsed={collapsed} pendingCount={props.pendingCount} pages={props.pages} />
        <SidebarToggle state={state} onToggle={() => setState(otherSidebarState)} />
        <SidebarFooter collapsed={collapsed} email={props.email} roleLabel={props.roleLabel} />
      </div>
    </aside>
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

import { Link } from "react-router";

/** A row of tabs that are links (they work without JavaScript and can be bookmarked); the current one is marked. */
export function AdminTabs({ label, tabs, small = false }: { label: string; tabs: { to: string; label: string; current: boolean }[]; small?: boolean }) {
  return (
    <nav aria-label={label} className={`flex flex-wrap gap-1 ${small ? "" : "border-b border-slate-200"}`}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.current ? "page" : undefined}
          className={
            small
              ? `rounded-full px-3 py-1 text-sm ${tab.current ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"}`
              : `-mb-px border-b-2 px-4 py-2 font-medium ${tab.current ? "border-brand-700 text-brand-900" : "border-transparent text-slate-600 hover:text-slate-900"}`
          }
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

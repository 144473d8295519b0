import { Plus } from "lucide-react";
import { Link, data, href, useSearchParams } from "react-router";
import { GalleryTab } from "~/components/dashboard/gallery-tab";
import { OverviewTab } from "~/components/dashboard/overview-tab";
import { ProfileTab } from "~/components/dashboard/profile-tab";
import { SignOutForm } from "~/components/sign-out-form";
import { buttonClasses } from "~/components/ui/button";
import { userContext } from "~/context";
import { firstName } from "~/domain/account";
import { DASHBOARD_TABS, DASHBOARD_TAB_LABELS, dashboardTab, dashboardTabPath, type DashboardTab } from "~/domain/dashboard-tabs";
import { pageMeta } from "../frame-meta";
import { signedInFullName } from "~/services/session.server";
import { loadGalleryTab, galleryAction } from "./gallery-tab.server";
import { loadOverviewTab } from "./overview-tab.server";
import { loadProfileTab, profileAction } from "./profile-tab.server";
import type { Route } from "./+types/home";

const TAB_TITLES: Record<DashboardTab, string> = { overview: "My Bookings", profile: "Profile", gallery: "Photo Gallery" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...pageMeta(TAB_TITLES[loaderData?.tab ?? "overview"], matches)];

/** The header's facts and the open tab's data (only that tab's: the others load when opened). */
export async function loader(args: Route.LoaderArgs) {
  const user = args.context.get(userContext);
  const header = { firstName: firstName(signedInFullName(args.context)), email: user.email ?? "" };
  const tab = dashboardTab(new URL(args.request.url).searchParams.get("tab"));
  switch (tab) {
    case "overview":
      return { header, tab, overview: await loadOverviewTab(args) };
    case "profile":
      return { header, tab, profile: await loadProfileTab(args) };
    case "gallery":
      return { header, tab, gallery: await loadGalleryTab(args) };
  }
}

/** The profile and gallery forms post to their own tab's address (`?tab=…`), which picks the handler. */
export async function action(args: Route.ActionArgs) {
  const tab = dashboardTab(new URL(args.request.url).searchParams.get("tab"));
  if (tab === "profile") return profileAction(args);
  if (tab === "gallery") return galleryAction(args);
  throw data("This page takes no form.", { status: 405 });
}

export default function DashboardHome({ loaderData, actionData }: Route.ComponentProps) {
  const { header } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{header.firstName ? `Hi, ${header.firstName}!` : "Hi!"}</h1>
          <p className="text-slate-600">{header.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`${href("/book")}?from=dashboard`} className={buttonClasses("primary", "md", "whitespace-nowrap")}>
            <Plus aria-hidden className="size-5" />
            Book New Move
          </Link>
          {/* On a phone the account menu's Sign out is enough: this one would push the next move down. */}
          <div className="hidden sm:block">
            <SignOutForm className={buttonClasses("outline", "md", "whitespace-nowrap")} />
          </div>
        </div>
      </div>
      <DashboardTabs />
      <section aria-labelledby="dashboard-tab-heading">
        {loaderData.tab === "overview" ? <OverviewTab data={loaderData.overview} email={header.email} /> : null}
        {loaderData.tab === "profile" ? <ProfileTab data={loaderData.profile} lastResult={actionData} /> : null}
        {loaderData.tab === "gallery" ? <GalleryTab data={loaderData.gallery} lastResult={actionData} /> : null}
      </section>
    </div>
  );
}

/** Links, not buttons: each tab has its own address, works without JavaScript and can be bookmarked. */
function DashboardTabs() {
  const [searchParams] = useSearchParams();
  const current = dashboardTab(searchParams.get("tab"));
  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1">
        {DASHBOARD_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={dashboardTabPath(tab)}
              aria-current={tab === current ? "page" : undefined}
              className={`inline-flex h-11 items-center border-b-2 px-4 font-medium ${
                tab === current ? "border-brand-700 text-brand-900" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
              preventScrollReset
            >
              {DASHBOARD_TAB_LABELS[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

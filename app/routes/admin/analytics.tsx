import { AdminPageHeading } from "~/components/admin/admin-page-heading";
import { AnalyticsReport } from "~/components/admin/analytics-report";
import { requestContext, sessionContext } from "~/context";
import { ensurePermission } from "~/middleware/guards.server";
import { loadAnalytics } from "~/services/admin-analytics.server";
import type { Route } from "./+types/analytics";
import { pageMeta } from "../frame-meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta("Analytics · Admin", matches);

/** The figures as the database computes them; when it fails the page still renders, saying so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "analytics:read");
  const loaded = await loadAnalytics(context.get(sessionContext).supabase);
  if (loaded.kind === "failed") {
    context.get(requestContext).logger.error({ err: loaded.cause }, "could not read the analytics");
    return { analytics: null };
  }
  return { analytics: loaded.analytics };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Analytics" description="Money collected, what all bookings are worth, the services chosen most, and the last six months." />
      <AnalyticsReport analytics={loaderData.analytics} />
    </>
  );
}

import { ArrowLeft, CircleAlert } from "lucide-react";
import { Link, href } from "react-router";
import { CustomerBookingList } from "~/components/dashboard/booking-card";
import { NoBookingsYet } from "~/components/dashboard/booking-empty-state";
import { BookingPagination } from "~/components/dashboard/booking-pagination";
import { requestContext, sessionContext, settingsContext, userContext } from "~/context";
import { BOOKINGS_LOAD_FAILED, customerBookingView, requestedPage } from "~/domain/customer-bookings";
import { bookingsPage } from "~/services/customer-bookings.server";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta("All bookings", matches)];

/**
 * All of the customer's bookings, the next move first, a page at a time (`?page=`). A page number that is
 * not one is page 1, and one past the end is the last page. A failure to read is shown in the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { supabase } = context.get(sessionContext);
  const user = context.get(userContext);
  const requested = requestedPage(new URL(request.url).searchParams.get("page"));
  try {
    const [found, { timeZone }] = await Promise.all([bookingsPage(supabase, user.id, requested), context.get(settingsContext)()]);
    return {
      status: "loaded" as const,
      bookings: found.rows.map((row) => customerBookingView(row, timeZone)),
      page: found.page,
      pageCount: found.pageCount,
      total: found.total,
      // Names this page's Pay deposit presses.
      attempt: crypto.randomUUID(),
    };
  } catch (error) {
    context.get(requestContext).logger.error({ err: error, userId: user.id, page: requested }, "could not load the customer's bookings");
    return { status: "failed" as const };
  }
}

export default function DashboardBookings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <Link to={href("/dashboard")} className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">All bookings</h1>
        {loaderData.status === "loaded" && loaderData.total > 0 ? (
          <p className="text-sm text-slate-600">{loaderData.total === 1 ? "1 booking" : `${loaderData.total} bookings`}</p>
        ) : null}
      </div>
      {loaderData.status === "failed" ? (
        <p role="alert" className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <CircleAlert aria-hidden className="size-5 shrink-0" />
          {BOOKINGS_LOAD_FAILED}
        </p>
      ) : loaderData.total === 0 ? (
        <NoBookingsYet />
      ) : (
        <>
          <CustomerBookingList bookings={loaderData.bookings} attempt={loaderData.attempt} label={`Your bookings, page ${loaderData.page}`} headingLevel={2} />
          <BookingPagination page={loaderData.page} pageCount={loaderData.pageCount} />
        </>
      )}
    </div>
  );
}

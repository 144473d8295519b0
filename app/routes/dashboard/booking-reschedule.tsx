import { ArrowLeft } from "lucide-react";
import { Link, href } from "react-router";
import { ReschedulePanel } from "~/components/dashboard/booking-reschedule";
import { sessionContext, userContext } from "~/context";
import { customersBooking } from "~/services/booking-details.server";
import { rescheduleMyBooking } from "~/services/customer-reschedule.server";
import { readFormBody } from "~/services/form-body.server";
import { bookingIdParam, bookingNotFound, customerBookingPath } from "../booking-params";
import { rescheduleAction, reschedulePage } from "../customer-reschedule.server";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/booking-reschedule";

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta("Reschedule your move", matches)];

const reschedulePath = (bookingId: string) => href("/dashboard/bookings/:bookingId/reschedule", { bookingId });

/** The customer's own booking, read with their own client: another customer's (or no booking) is a 404. */
async function ownBooking({ params, context }: Pick<Route.LoaderArgs, "params" | "context">) {
  const bookingId = bookingIdParam(params);
  const { supabase } = context.get(sessionContext);
  const row = await customersBooking(supabase, { bookingId, userId: context.get(userContext).id });
  if (!row) throw bookingNotFound();
  return { client: supabase, row };
}

/** The calendar of free days and times for moving one of the customer's own bookings, by the company's rules. */
export async function loader(args: Route.LoaderArgs) {
  const asker = await ownBooking(args);
  return { bookingId: asker.row.id, page: await reschedulePage(args.context, asker, new URL(args.request.url)) };
}

/** The month or free times asked for without JavaScript, or the move itself (`intent=reschedule`). */
export async function action(args: Route.ActionArgs) {
  const form = await readFormBody(args.request);
  const asker = await ownBooking(args);
  const { id } = asker.row;
  return rescheduleAction(args.context, form, {
    asker,
    pagePath: reschedulePath(id),
    donePath: customerBookingPath(id),
    reschedule: (to) => rescheduleMyBooking(asker.client, id, to),
  });
}

export default function BookingReschedule({ loaderData, actionData }: Route.ComponentProps) {
  const { bookingId, page } = loaderData;
  const back = customerBookingPath(bookingId);
  return (
    <div className="flex flex-col gap-6">
      <Link to={back} className="inline-flex items-center gap-1 self-start font-medium text-brand-700 hover:text-brand-900">
        <ArrowLeft aria-hidden className="size-4" />
        Back to booking
      </Link>
      <ReschedulePanel
        page={actionData?.page ?? page}
        action={reschedulePath(bookingId)}
        endpoint={href("/dashboard/bookings/:bookingId/availability", { bookingId })}
        backTo={back}
        lastResult={actionData?.result}
      />
    </div>
  );
}

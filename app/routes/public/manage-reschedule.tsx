import { data, href } from "react-router";
import { ReschedulePanel } from "~/components/dashboard/booking-reschedule";
import { servicesContext } from "~/context";
import { rescheduleByManageLink } from "~/services/customer-reschedule.server";
import { readFormBody } from "~/services/form-body.server";
import { rescheduleAction, reschedulePage } from "../customer-reschedule.server";
import { pageMeta } from "../frame-meta";
import { manageLinkPath } from "~/domain/manage-link";
import { linkedBooking } from "./manage-link.server";
import type { Route } from "./+types/manage-reschedule";

// It names the customer's move: never kept by browsers or proxies, never indexed.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta("Reschedule your move", matches), { name: "robots", content: "noindex" }];

const RESCHEDULE_PATH = href("/manage/reschedule");

/**
 * The calendar of free days and times for moving the booking the manage link opens, by the company's
 * rules as for a signed-in customer. The server, having checked the link, asks as the service role,
 * which the database lets leave this booking's own crew out.
 */
export async function loader(args: Route.LoaderArgs) {
  const { token, booking } = await linkedBooking(args);
  const { serviceRole } = args.context.get(servicesContext);
  return data({ token, page: await reschedulePage(args.context, { client: serviceRole, row: booking }, new URL(args.request.url)) }, { headers: NO_STORE });
}

/** The month or free times asked for without JavaScript, or the move itself (`intent=reschedule`). */
export async function action(args: Route.ActionArgs) {
  const form = await readFormBody(args.request);
  const { token, booking } = await linkedBooking(args);
  const { serviceRole } = args.context.get(servicesContext);
  return rescheduleAction(args.context, form, {
    asker: { client: serviceRole, row: booking },
    pagePath: manageLinkPath(token, RESCHEDULE_PATH),
    donePath: manageLinkPath(token),
    reschedule: (to) => rescheduleByManageLink(serviceRole, { bookingId: booking.id, email: booking.email }, to),
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ManageReschedule({ loaderData, actionData }: Route.ComponentProps) {
  const { token, page } = loaderData;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <ReschedulePanel
        page={actionData?.page ?? page}
        action={manageLinkPath(token, RESCHEDULE_PATH)}
        endpoint={manageLinkPath(token, href("/manage/availability"))}
        backTo={manageLinkPath(token)}
        lastResult={actionData?.result}
      />
    </main>
  );
}

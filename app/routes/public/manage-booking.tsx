import { CalendarPlus, Phone } from "lucide-react";
import { data, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { BookingDetailsCancellation, CANCEL_CONFIRM_PARAM, CANCEL_CONFIRM_VALUE } from "~/components/dashboard/booking-details-cancellation";
import { BookingDetailsFields } from "~/components/dashboard/booking-details-fields";
import { BookingDetailsHeader } from "~/components/dashboard/booking-details-header";
import { BookingDetailsPrice } from "~/components/dashboard/booking-details-price";
import { useCompany } from "~/components/company-context";
import { PhoneLink } from "~/components/phone-link";
import { servicesContext, settingsContext } from "~/context";
import { cancellationView } from "~/domain/booking-cancellation";
import { depositStateLabel } from "~/domain/booking-status";
import { customerChangeRulesOf } from "~/domain/company-settings";
import { bookingView, depositCents, priceView } from "~/domain/booking-view";
import { MANAGE_BOOKING_PATH } from "~/domain/manage-link";
import { formatCents } from "~/domain/money";
import { cancelByManageLink } from "~/services/customer-cancellation.server";
import { readFormBody } from "~/services/form-body.server";
import { bookingForManageToken } from "~/services/manage-links.server";
import { bookingNotFound } from "../booking-params";
import { reportCancellation } from "../customer-cancellation.server";
import { requireIntent } from "../form-intent";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/manage-booking";

// It names the customer's addresses: never kept by browsers or proxies, never indexed.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Your move on ${loaderData.booking.moveDate}` : "Your booking", matches),
  { name: "robots", content: "noindex" },
];

/** The booking the request's manage link opens, or the site's 404 (a malformed, forged or expired link, or one for another booking or email). */
async function linkedBooking({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const services = context.get(servicesContext);
  const settings = await context.get(settingsContext)();
  const found = await bookingForManageToken(services.serviceRole, { secret: services.cookieSecret, timeZone: settings.timeZone }, token);
  if (found.kind === "not-found") throw bookingNotFound();
  return { token, settings, booking: found.booking };
}

/** The page's own address: the manage link. */
const managePath = (token: string) => `${MANAGE_BOOKING_PATH}?${new URLSearchParams({ token })}`;

/**
 * One booking, opened by the 'Manage your booking' link of its emails without signing in: its details,
 * price, deposit, calendar file and, by the company's rules, its cancellation. A link that opens no
 * booking is the site's 404 page, which says nothing of any booking.
 */
export async function loader(args: Route.LoaderArgs) {
  const { token, settings, booking: row } = await linkedBooking(args);
  const { timeZone } = settings;
  return data(
    {
      path: managePath(token),
      cancellation: cancellationView(row, new Date(), { timeZone, rules: customerChangeRulesOf(settings) }),
      booking: bookingView(row, timeZone),
      price: priceView(row),
      deposit: { label: depositStateLabel(row), amount: formatCents(depositCents(row)) },
      calendarPath: row.status === "cancelled" ? null : `${MANAGE_BOOKING_PATH}/move.ics?${new URLSearchParams({ token })}`,
    },
    { headers: NO_STORE },
  );
}

/**
 * `intent=cancel`: the holder of the link cancels the booking, by the company's rules as for a signed-in
 * customer (a deposit owed back is refunded at once), and comes back to the page with a message.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readFormBody(args.request);
  requireIntent(form, "cancel");
  const { token, settings, booking } = await linkedBooking(args);
  const services = args.context.get(servicesContext);
  const result = await cancelByManageLink(services, { bookingId: booking.id, email: booking.email });
  if (result.kind === "not-found") throw bookingNotFound();
  await reportCancellation(args.context, { bookingId: booking.id, noticeHours: settings.customerChangeNoticeHours }, result);
  return redirect(managePath(token), { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Opening or closing the confirmation (`&cancel=confirm`) changes nothing the loader reads. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return currentUrl.searchParams.get("token") === nextUrl.searchParams.get("token") ? false : defaultShouldRevalidate;
}

export default function ManageBooking({ loaderData }: Route.ComponentProps) {
  const { path, booking, price, deposit, calendarPath, cancellation } = loaderData;
  const company = useCompany();
  const [searchParams] = useSearchParams();
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <BookingDetailsHeader booking={booking} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <BookingDetailsFields booking={booking} />
        </div>
        <div className="flex flex-col gap-6">
          <BookingDetailsPrice price={price} />
          <section aria-labelledby="manage-deposit-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="manage-deposit-heading" className="font-semibold">
              Deposit
            </h2>
            <p className="mt-1 text-slate-700">
              {deposit.amount} · {deposit.label}
            </p>
          </section>
          <section aria-labelledby="manage-help-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="manage-help-heading" className="font-semibold">
              Your move
            </h2>
            {calendarPath ? (
              <a href={calendarPath} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:text-brand-900" download>
                <CalendarPlus aria-hidden className="size-4" />
                Add to calendar
              </a>
            ) : null}
            <p className="text-slate-700">
              To change the date or time, call us at{" "}
              <PhoneLink className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-900">
                <Phone aria-hidden className="size-4" />
                {company.phoneDisplay}
              </PhoneLink>
              .
            </p>
          </section>
          <BookingDetailsCancellation
            action={path}
            cancellation={cancellation}
            confirming={searchParams.get(CANCEL_CONFIRM_PARAM) === CANCEL_CONFIRM_VALUE}
            depositAmount={deposit.amount}
          />
        </div>
      </div>
    </main>
  );
}

import { CalendarPlus, Phone } from "lucide-react";
import { data } from "react-router";
import { BookingDetailsFields } from "~/components/dashboard/booking-details-fields";
import { BookingDetailsHeader } from "~/components/dashboard/booking-details-header";
import { BookingDetailsPrice } from "~/components/dashboard/booking-details-price";
import { useCompany } from "~/components/company-context";
import { PhoneLink } from "~/components/phone-link";
import { servicesContext, settingsContext } from "~/context";
import { depositStateLabel } from "~/domain/booking-status";
import { bookingView, depositCents, priceView } from "~/domain/booking-view";
import { MANAGE_BOOKING_PATH } from "~/domain/manage-link";
import { formatCents } from "~/domain/money";
import { bookingForManageToken } from "~/services/manage-links.server";
import { bookingNotFound } from "../booking-params";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/manage-booking";

// It names the customer's addresses: never kept by browsers or proxies, never indexed.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Your move on ${loaderData.booking.moveDate}` : "Your booking", matches),
  { name: "robots", content: "noindex" },
];

/**
 * One booking, opened by the 'Manage your booking' link of its emails without signing in: its details,
 * price, deposit and calendar file. A malformed, forged or expired link, or one made for another
 * booking or email, is the site's 404 page, which says nothing of any booking.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const services = context.get(servicesContext);
  const { timeZone } = await context.get(settingsContext)();
  const found = await bookingForManageToken(services.serviceRole, { secret: services.cookieSecret, timeZone }, token);
  if (found.kind === "not-found") throw bookingNotFound();
  const row = found.booking;
  return data(
    {
      booking: bookingView(row, timeZone),
      price: priceView(row),
      deposit: { label: depositStateLabel(row), amount: formatCents(depositCents(row)) },
      calendarPath: row.status === "cancelled" ? null : `${MANAGE_BOOKING_PATH}/move.ics?${new URLSearchParams({ token: token ?? "" })}`,
    },
    { headers: NO_STORE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ManageBooking({ loaderData }: Route.ComponentProps) {
  const { booking, price, deposit, calendarPath } = loaderData;
  const company = useCompany();
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
              To change or cancel this booking, call us at{" "}
              <PhoneLink className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-900">
                <Phone aria-hidden className="size-4" />
                {company.phoneDisplay}
              </PhoneLink>
              .
            </p>
          </section>
        </div>
      </div>
    </main>
  );
}

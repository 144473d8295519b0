import { data } from "react-router";
import { ReceiptDocument } from "~/components/booking/receipt-document";
import { servicesContext } from "~/context";
import { manageLinkPath } from "~/domain/manage-link";
import { pageMeta } from "../frame-meta";
import { receiptPage } from "../receipt-page.server";
import { linkedBooking } from "./manage-link.server";
import type { Route } from "./+types/manage-receipt";

// It names the customer and what they paid: never kept by browsers or proxies, never indexed.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Receipt ${loaderData.receipt.number}` : "Receipt", matches),
  { name: "robots", content: "noindex" },
];

/** A receipt of the booking the link of its emails opens (`?token=…&receipt=…`); any other is the site's 404. */
export async function loader(args: Route.LoaderArgs) {
  const { token, settings, booking } = await linkedBooking(args);
  const receiptId = new URL(args.request.url).searchParams.get("receipt") ?? "";
  // The link opened this booking only: its receipts are read by its id, with the service role.
  const page = await receiptPage(args.context.get(servicesContext).serviceRole, booking, receiptId, settings.timeZone);
  return data({ ...page, backTo: manageLinkPath(token) }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ManageReceipt({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 print:p-0">
      <ReceiptDocument receipt={loaderData.receipt} booking={loaderData.booking} backTo={loaderData.backTo} />
    </main>
  );
}

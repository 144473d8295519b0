import { Link } from "react-router";
import type { ReceiptView } from "~/domain/receipts";

/** A receipt as the booking's page lists it, with the address of its printable page. */
export type ListedReceipt = ReceiptView & { href: string };

/** Every payment of the booking and every refund of it, each with its receipt. */
export function BookingPaymentsSection({ receipts }: { receipts: ReadonlyArray<ListedReceipt> }) {
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="booking-payments-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-payments-heading" className="mb-3 text-lg font-semibold">
        Payments and refunds
      </h2>
      <ul className="flex flex-col divide-y divide-slate-100">
        {receipts.map((receipt) => (
          <li key={receipt.id} className="flex flex-col gap-1 py-2 text-sm">
            <div className="flex justify-between gap-4">
              <span className="font-medium">{receipt.title}</span>
              <span className="tabular-nums">{receipt.kind === "refund" ? `-${receipt.total}` : receipt.total}</span>
            </div>
            <div className="flex justify-between gap-4 text-slate-600">
              <span>
                {receipt.at}
                {receipt.lines.length > 1 ? ` · ${receipt.lines.map((line) => `${line.label} ${line.amount}`).join(", ")}` : ""}
              </span>
              <Link to={receipt.href} className="inline-flex min-h-6 items-center font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
                Receipt
                <span className="sr-only">
                  {" "}
                  for {receipt.title.toLowerCase()} on {receipt.at}
                </span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

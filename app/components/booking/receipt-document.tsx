import { Printer } from "lucide-react";
import { Link } from "react-router";
import { useCompany } from "~/components/company-context";
import { buttonClasses } from "~/components/ui/button";
import type { ReceiptView } from "~/domain/receipts";
import { useHydrated } from "~/hooks/use-hydrated";

export interface ReceiptBooking {
  shortId: string;
  customerName: string;
  email: string;
  moveDate: string;
  from: string;
  to: string;
}

/**
 * One payment's (or refund's) receipt, laid out for the screen and for paper: the company's details,
 * the booking, the lines and the total. Printing leaves out the site's frame and the buttons.
 */
export function ReceiptDocument({ receipt, booking, backTo }: { receipt: ReceiptView; booking: ReceiptBooking; backTo: string }) {
  const company = useCompany();
  // Printing needs a script; without one the browser's own Print serves.
  const canPrint = useHydrated();
  const refund = receipt.kind === "refund";
  return (
    <article
      aria-labelledby="receipt-heading"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-bold">{company.name}</p>
          <p className="text-sm text-slate-700">{company.serviceArea}</p>
          <p className="text-sm text-slate-700">
            {company.phoneDisplay} · {company.email}
          </p>
        </div>
        <div className="text-right">
          <h1 id="receipt-heading" className="text-2xl font-semibold">
            Receipt
          </h1>
          <p className="text-sm text-slate-700">No. {receipt.number}</p>
          <p className="text-sm text-slate-700">{receipt.at}</p>
        </div>
      </header>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Customer</dt>
        <dd>
          {booking.customerName} ({booking.email})
        </dd>
        <dt className="text-slate-600">Booking</dt>
        <dd>#{booking.shortId}</dd>
        <dt className="text-slate-600">Move</dt>
        <dd>
          {booking.moveDate}: {booking.from} → {booking.to}
        </dd>
      </dl>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold">{receipt.title}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.label} className="border-t border-slate-200">
              <td className="py-2">{line.label}</td>
              <td className="py-2 text-right tabular-nums">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-semibold">
            <th scope="row" className="py-2 text-left">
              {refund ? "Refunded" : "Total paid"}
            </th>
            <td className="py-2 text-right tabular-nums">{receipt.total}</td>
          </tr>
        </tfoot>
      </table>
      <p className="text-sm text-slate-700">{refund ? "Returned to the card the deposit was paid with." : "Paid by card through Stripe."}</p>
      <div className="flex flex-wrap gap-3 print:hidden">
        {canPrint ? (
          <button type="button" onClick={() => window.print()} className={buttonClasses("outline")}>
            <Printer aria-hidden className="size-4" />
            Print
          </button>
        ) : null}
        <Link to={backTo} className={buttonClasses("ghost")}>
          Back to the booking
        </Link>
      </div>
    </article>
  );
}

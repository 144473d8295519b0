import type { BillSummary } from "~/domain/final-bill";
import { formatCents } from "~/domain/money";

/** A bill line by line: the lines, a discount with its reason, the total, the deposit taken off and what is left to pay. */
export function BillLines({ bill, caption }: { bill: BillSummary; caption: string }) {
  return (
    <table className="w-full max-w-xl border-collapse text-left">
      <caption className="pb-2 text-left font-semibold">{caption}</caption>
      <tbody>
        {bill.lines.map((line) => (
          <tr key={line.id} className="border-b border-slate-200">
            <th scope="row" className="py-2 pr-4 font-normal">
              {line.label}
            </th>
            <td className="py-2 text-right tabular-nums">{formatCents(line.amountCents)}</td>
          </tr>
        ))}
        {bill.discountCents > 0 ? (
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-2 pr-4 font-normal">
              Discount{bill.discountReason ? `: ${bill.discountReason}` : ""}
            </th>
            <td className="py-2 text-right tabular-nums">−{formatCents(bill.discountCents)}</td>
          </tr>
        ) : null}
        <tr className="border-b border-slate-300">
          <th scope="row" className="py-2 pr-4">
            Total
          </th>
          <td className="py-2 text-right font-semibold tabular-nums">{formatCents(bill.totalCents)}</td>
        </tr>
        <tr>
          <th scope="row" className="py-2 pr-4 font-normal">
            Deposit paid
          </th>
          <td className="py-2 text-right tabular-nums">−{formatCents(bill.depositPaidCents)}</td>
        </tr>
        <tr>
          <th scope="row" className="py-2 pr-4">
            Balance due
          </th>
          <td className="py-2 text-right font-semibold tabular-nums">{formatCents(bill.balanceCents)}</td>
        </tr>
      </tbody>
    </table>
  );
}

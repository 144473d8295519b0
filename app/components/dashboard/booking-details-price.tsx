export interface BookingPriceView {
  /** The lines quoted when the booking was made; empty for bookings made before quotes were kept. */
  lines: Array<{ label: string; amount: string }>;
  /** "Final cost" once the move is billed, else "Estimated total". */
  totalLabel: string;
  /** "$1,234", or "TBD" while the move is not priced. */
  total: string;
  hours: number | null;
  /** The hourly rate quoted; null when the booking kept no quote. */
  hourlyRate: string | null;
  /** The deposit received: "$50", or "$0" while unpaid. */
  depositPaid: string;
  /** What is left to pay; null when unknown or nothing is owed (a cancelled booking). */
  balance: string | null;
}

/** The price as quoted (when the customer booked, or when the office changed what it is priced by), line by line, with the deposit paid and the balance left to pay. */
export function BookingDetailsPrice({ price }: { price: BookingPriceView }) {
  return (
    <section aria-labelledby="booking-price-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="booking-price-heading" className="text-lg font-semibold">
        Price
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {price.lines.map((line, index) => (
          <div key={index} className="flex justify-between gap-4">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="tabular-nums">{line.amount}</dd>
          </div>
        ))}
        <div className={`flex justify-between gap-4 font-semibold ${price.lines.length > 0 ? "border-t border-slate-200 pt-2" : ""}`}>
          <dt>{price.totalLabel}</dt>
          <dd className="tabular-nums">{price.total}</dd>
        </div>
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Deposit paid</dt>
          <dd className="tabular-nums">{price.depositPaid}</dd>
        </div>
        {price.balance ? (
          <div className="flex justify-between gap-4 text-slate-600">
            <dt>Balance</dt>
            <dd className="tabular-nums">{price.balance}</dd>
          </div>
        ) : null}
      </dl>
      {price.hours !== null ? (
        <p className="mt-2 text-xs text-slate-500">
          {price.hourlyRate ? `${price.hours} estimated hours at ${price.hourlyRate}/hr, as quoted.` : `${price.hours} estimated hours.`} The final bill follows
          the actual time.
        </p>
      ) : null}
    </section>
  );
}

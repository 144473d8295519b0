export interface BookingPriceView {
  lines: Array<{ id: string; label: string; amount: string }>;
  total: string;
  hours: number;
  hourlyRate: string;
  deposit: string;
  balance: string;
  /** The quote stored with the booking, when today's prices give another total; else null. */
  quotedDiffers: string | null;
}

/** The booking priced line by line, as the wizard prices it, with the deposit and the balance after the move. */
export function BookingDetailsPrice({ price }: { price: BookingPriceView }) {
  return (
    <section aria-labelledby="booking-price-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="booking-price-heading" className="text-lg font-semibold">
        Price
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {price.lines.map((line) => (
          <div key={line.id} className="flex justify-between gap-4">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="tabular-nums">{line.amount}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 font-semibold">
          <dt>Estimated total</dt>
          <dd className="tabular-nums">{price.total}</dd>
        </div>
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Deposit</dt>
          <dd className="tabular-nums">{price.deposit}</dd>
        </div>
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Balance after the move</dt>
          <dd className="tabular-nums">{price.balance}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {price.hours} estimated hours at {price.hourlyRate}/hr. The final bill follows the actual time.
      </p>
      {price.quotedDiffers ? (
        <p className="mt-2 text-xs text-slate-500">You were quoted {price.quotedDiffers} when you booked; the lines above use today&apos;s rates.</p>
      ) : null}
    </section>
  );
}

import { MOVED_BY_CUSTOMER_MARK } from "~/domain/admin-booking-edit";

/** A booking the customer moved online, marked in words (how often in its title) for the office's lists; nothing when never. */
export function MovedByCustomerMark({ times }: { times: number }) {
  if (times <= 0) return null;
  return (
    <span
      title={`Moved online by the customer ${times === 1 ? "once" : `${times} times`}`}
      className="mt-1 block w-fit rounded-full border border-sky-300 bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900"
    >
      {MOVED_BY_CUSTOMER_MARK}
    </span>
  );
}

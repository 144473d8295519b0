import type { ReactNode } from "react";

export interface BookingFieldsView {
  fullName: string;
  email: string;
  phone: string;
  from: string;
  to: string;
  /** As shown: "Tuesday, June 15, 2027". */
  moveDate: string;
  /** As shown ("10:00 AM"), or null when no time slot was picked. */
  timeSlot: string | null;
  propertySize: string | null;
  team: string;
  service: string;
  /** The add-on services chosen, by name. */
  services: string[];
  extraMovers: number;
  tvMounting: number;
  deepCleaningBedrooms: number;
  specialInstructions: string | null;
}

function Field({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col gap-0.5 ${className}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

const counted = (count: number, one: string, many: string) => (count === 0 ? "None" : `${count} ${count === 1 ? one : many}`);

/** Everything the customer told us about the move: contact, addresses, date and time, size, team, service and add-ons. */
export function BookingDetailsFields({ booking }: { booking: BookingFieldsView }) {
  return (
    <section aria-labelledby="booking-move-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="booking-move-heading" className="text-lg font-semibold">
        Move details
      </h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field label="Name">{booking.fullName}</Field>
        <Field label="Email">{booking.email}</Field>
        <Field label="Phone">{booking.phone}</Field>
        <Field label="Move date">{booking.moveDate}</Field>
        <Field label="Moving from">{booking.from}</Field>
        <Field label="Moving to">{booking.to}</Field>
        <Field label="Time slot">{booking.timeSlot ?? "No time picked (we start at 8:00 AM)"}</Field>
        <Field label="Property size">{booking.propertySize ?? "Not given"}</Field>
        <Field label="Team">{booking.team}</Field>
        <Field label="Service">{booking.service}</Field>
        <Field label="Add-on services">
          {booking.services.length > 0 ? (
            <ul>
              {booking.services.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : (
            "None"
          )}
        </Field>
        <Field label="Extra movers">{booking.extraMovers === 0 ? "None" : booking.extraMovers}</Field>
        <Field label="TV mounting">{counted(booking.tvMounting, "TV", "TVs")}</Field>
        <Field label="Deep cleaning">{counted(booking.deepCleaningBedrooms, "bedroom", "bedrooms")}</Field>
        <Field label="Special instructions" className="sm:col-span-2">
          {booking.specialInstructions ? <span className="whitespace-pre-line">{booking.specialInstructions}</span> : "None"}
        </Field>
      </dl>
    </section>
  );
}

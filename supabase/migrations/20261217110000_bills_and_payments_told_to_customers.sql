-- The customer hears of their move's bill and of each payment of it: the bill by email when the office
-- completes the move (its lines, what is left to pay, whether it waits for their approval), and a
-- receipt when a balance is paid (the balance and the tip apart). Each is queued in the same
-- transaction as the change it tells of. The booking keeps what is left to pay and when it was billed,
-- so the office's table can filter by it and the link of the emails stays open while a bill is due.

alter table public.message_outbox drop constraint message_outbox_kind_check;
alter table public.message_outbox add constraint message_outbox_kind_check check (kind in (
  'booking_received', 'booking_confirmed', 'reminder_48h', 'reminder_day_before', 'booking_rescheduled',
  'booking_cancelled', 'booking_refunded', 'day_closed_moved', 'bill_ready', 'balance_paid',
  'office_new_booking', 'office_customer_cancelled', 'office_tomorrow_list'
));

-- Null until the move is billed; then what is left of its balance (0 once paid).
alter table public.bookings add column balance_due_cents integer check (balance_due_cents >= 0);
alter table public.bookings add column billed_at timestamptz;
alter table public.bookings add constraint bookings_billed_together check ((balance_due_cents is null) = (billed_at is null));

comment on column public.bookings.balance_due_cents is 'What is left to pay of the move''s bill (null: not billed): written by bill_move and mark_bill_payment_paid only.';

-- Bills are made after the existing moves: none of them has one yet.
update public.bookings b set balance_due_cents = public.bill_balance_due(bb.id), billed_at = bb.billed_at
from public.booking_bills bb where bb.booking_id = b.id;

-- The bill as its email states it.
create function public.bill_message_facts(bill public.booking_bills)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'bill', jsonb_build_object(
      'lines', (select jsonb_agg(jsonb_build_object('label', line ->> 'label', 'amountCents', (line ->> 'amount_cents')::integer))
                from jsonb_array_elements(bill.lines) line),
      'subtotalCents', bill.subtotal_cents,
      'discountCents', bill.discount_cents,
      'discountReason', bill.discount_reason,
      'totalCents', bill.total_cents,
      'depositPaidCents', bill.deposit_paid_cents,
      'balanceCents', bill.balance_cents,
      'acceptedEstimateCents', bill.accepted_estimate_cents,
      'marginPercent', bill.margin_percent,
      'needsApproval', bill.needs_approval
    )
  );
$$;

revoke execute on function public.bill_message_facts(public.booking_bills) from public, anon, authenticated;

-- As before (20261216130000), and the booking keeps what is left to pay, and the customer is emailed the bill.
create or replace function public.bill_move(_booking_id uuid, _bill jsonb)
returns public.booking_bills
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  margin smallint;
  discount integer;
  total integer;
  made public.booking_bills;
begin
  perform public.require_permission('bookings:bill');
  if jsonb_typeof(_bill) is distinct from 'object' then
    raise exception 'The bill must be an object' using errcode = 'invalid_parameter_value';
  end if;
  select * into booking from public.bookings where id = _booking_id for update;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  if booking.status = 'cancelled' then
    raise exception 'cancelled' using errcode = 'P0001', detail = 'A cancelled move has no bill.';
  end if;
  if booking.deposit_status is distinct from 'paid' then
    raise exception 'unpaid' using errcode = 'P0001', detail = 'The deposit of this move is not paid.';
  end if;
  select coalesce((select s.bill_margin_percent from public.app_settings s where s.id), 10) into margin;
  discount := coalesce((_bill ->> 'discount_cents')::integer, 0);
  total := (_bill ->> 'subtotal_cents')::integer - discount;
  insert into public.booking_bills (
    booking_id, lines, worked_minutes, billed_minutes, hourly_rate_cents, subtotal_cents, discount_cents, discount_reason,
    total_cents, deposit_paid_cents, balance_cents, accepted_estimate_cents, margin_percent, needs_approval, billed_by
  ) values (
    booking.id, _bill -> 'lines', (_bill ->> 'worked_minutes')::integer, (_bill ->> 'billed_minutes')::integer,
    (_bill ->> 'hourly_rate_cents')::integer, (_bill ->> 'subtotal_cents')::integer, discount, nullif(btrim(_bill ->> 'discount_reason'), ''),
    total, booking.deposit_amount_cents, greatest(0, total - booking.deposit_amount_cents), coalesce(booking.estimated_cost_cents, 0), margin,
    total > coalesce(booking.estimated_cost_cents, 0) + (coalesce(booking.estimated_cost_cents, 0) * margin) / 100, auth.uid()
  ) returning * into made;
  update public.bookings
  set status = 'completed', final_cost_cents = total, balance_due_cents = made.balance_cents, billed_at = made.billed_at
  where id = booking.id;
  perform public.enqueue_booking_message(booking.id, 'bill_ready', public.bill_message_facts(made));
  return made;
end;
$$;

-- As before (20261217100000), and the booking keeps what is left to pay, and the customer gets a
-- receipt at once (it answers what they just did).
create or replace function public.mark_bill_payment_paid(_session_id text, _amount_total integer, _payment_intent_id text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempt public.bill_payments;
  due integer;
begin
  select * into attempt from public.bill_payments where stripe_checkout_session_id = _session_id for update;
  if not found then
    return 'unknown';
  end if;
  if attempt.status = 'paid' then
    return 'unchanged';
  end if;
  if _amount_total is distinct from attempt.balance_cents + attempt.tip_cents then
    return 'mismatch';
  end if;
  update public.bill_payments
  set status = 'paid', paid_at = now(), stripe_payment_intent_id = coalesce(_payment_intent_id, stripe_payment_intent_id)
  where id = attempt.id
  returning * into attempt;
  due := public.bill_balance_due(attempt.bill_id);
  update public.bookings set balance_due_cents = due where id = attempt.booking_id;
  perform public.enqueue_booking_message(
    attempt.booking_id, 'balance_paid',
    jsonb_build_object(
      'paymentId', attempt.id, 'balanceCents', attempt.balance_cents, 'tipCents', attempt.tip_cents,
      'paidAt', attempt.paid_at, 'balanceDueCents', due
    ),
    p_send_at_night => true
  );
  return 'paid';
end;
$$;


-- As before (20261213100000), and a payment of the balance is a change of the booking too: each
-- payment's receipt is a message of its own version.
create or replace function public.bump_booking_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.moving_date, new.moving_time, new.status, new.moving_from, new.moving_to, new.team_type, new.service_type,
      new.property_size, new.extra_movers, new.estimated_hours, new.estimated_cost_cents, new.final_cost_cents, new.balance_due_cents)
     is distinct from
     (old.moving_date, old.moving_time, old.status, old.moving_from, old.moving_to, old.team_type, old.service_type,
      old.property_size, old.extra_movers, old.estimated_hours, old.estimated_cost_cents, old.final_cost_cents, old.balance_due_cents) then
    new.version := old.version + 1;
    new.version_at := now();
  else
    new.version := old.version;
    new.version_at := old.version_at;
  end if;
  return new;
end;
$$;

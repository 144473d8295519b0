-- A card saved at the deposit, with the customer's consent, for the balance after the move: the office
-- charges what is left to it in one click, without the customer. The card itself stays with Stripe;
-- the booking keeps Stripe's ids for it and what the customer recognises it by (brand, last four).
-- Such a charge is an attempt of bill_payments like a Checkout payment: opened first (so Stripe's
-- answer always finds its bill), then paid or failed once however often Stripe tells of it. A charge
-- the bank refuses, or wants the customer to confirm, tells the customer to pay with their link.

create table public.saved_cards (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  stripe_customer_id text not null check (char_length(stripe_customer_id) between 1 and 255),
  stripe_payment_method_id text not null check (char_length(stripe_payment_method_id) between 1 and 255),
  brand text not null check (char_length(brand) between 1 and 40),
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month smallint not null check (exp_month between 1 and 12),
  exp_year smallint not null check (exp_year between 2000 and 2200),
  saved_at timestamptz not null default now()
);

comment on table public.saved_cards is 'Cards saved with the deposit for the balance, with the customer''s consent: written by the deposit''s fulfilment only.';

alter table public.saved_cards enable row level security;
revoke all on table public.saved_cards from anon, authenticated, service_role;
grant select on table public.saved_cards to authenticated, service_role;
grant insert, delete on table public.saved_cards to service_role;

create policy "Customers read the cards saved for their own moves"
  on public.saved_cards for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())));

create policy "Staff read saved cards"
  on public.saved_cards for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- How an attempt pays: through Checkout, by the customer, or charged to the saved card by the office.
alter table public.bill_payments add column method text not null default 'checkout' check (method in ('checkout', 'saved_card'));
-- Why Stripe refused a charge to the saved card ('authentication_required', 'card_declined', …).
alter table public.bill_payments add column failure_code text check (char_length(failure_code) between 1 and 100);
alter table public.bill_payments add constraint bill_payments_failure_is_failed check (failure_code is null or status = 'failed');

alter table public.message_outbox drop constraint message_outbox_kind_check;
alter table public.message_outbox add constraint message_outbox_kind_check check (kind in (
  'booking_received', 'booking_confirmed', 'reminder_48h', 'reminder_day_before', 'booking_rescheduled',
  'booking_cancelled', 'booking_refunded', 'day_closed_moved', 'bill_ready', 'balance_paid', 'balance_charge_failed',
  'office_new_booking', 'office_customer_cancelled', 'office_tomorrow_list'
));

-- Stripe took _amount cents for the attempt (locked by the caller): it is marked paid, once, what is
-- left of the bill counted again, and the customer sent the receipt. An attempt already closed
-- (replaced, expired, refused) is still marked paid: Stripe took the money. 'paid' when this call
-- marked it, 'unchanged' when it was paid before, 'mismatch' when the amount is not the attempt's.
-- For the functions that settle attempts only.
create function public.mark_attempt_paid(_attempt public.bill_payments, _amount integer, _payment_intent_id text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  paid public.bill_payments;
  due integer;
begin
  if _attempt.status = 'paid' then
    return 'unchanged';
  end if;
  if _amount is distinct from _attempt.balance_cents + _attempt.tip_cents then
    return 'mismatch';
  end if;
  update public.bill_payments
  set status = 'paid', paid_at = now(), failure_code = null,
      stripe_payment_intent_id = coalesce(_payment_intent_id, stripe_payment_intent_id)
  where id = _attempt.id
  returning * into paid;
  due := public.bill_balance_due(paid.bill_id);
  update public.bookings set balance_due_cents = due where id = paid.booking_id;
  perform public.enqueue_booking_message(
    paid.booking_id, 'balance_paid',
    jsonb_build_object(
      'paymentId', paid.id, 'balanceCents', paid.balance_cents, 'tipCents', paid.tip_cents,
      'paidAt', paid.paid_at, 'balanceDueCents', due
    ),
    p_send_at_night => true
  );
  return 'paid';
end;
$$;

revoke execute on function public.mark_attempt_paid(public.bill_payments, integer, text) from public, anon, authenticated, service_role;

-- As before (20261217110000), marking through mark_attempt_paid.
create or replace function public.mark_bill_payment_paid(_session_id text, _amount_total integer, _payment_intent_id text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempt public.bill_payments;
begin
  select * into attempt from public.bill_payments where stripe_checkout_session_id = _session_id for update;
  if not found then
    return 'unknown';
  end if;
  return public.mark_attempt_paid(attempt, _amount_total, _payment_intent_id);
end;
$$;

-- What the office may charge of booking _booking_id's bill now: what is left of it, but, while a bill
-- above the accepted estimate and its margin waits for the customer's approval, no more than the
-- estimate and its margin (cents rounded down) less the deposit and what was paid since.
create function public.bill_chargeable_now(_bill public.booking_bills)
returns integer
language sql
stable
set search_path = ''
as $$
  select case
    when not _bill.needs_approval or _bill.approved_at is not null then public.bill_balance_due(_bill.id)
    else least(
      public.bill_balance_due(_bill.id),
      greatest(0,
        _bill.accepted_estimate_cents + (_bill.accepted_estimate_cents * _bill.margin_percent) / 100
        - _bill.deposit_paid_cents
        - (_bill.balance_cents - public.bill_balance_due(_bill.id)))
    )
  end::integer;
$$;

revoke execute on function public.bill_chargeable_now(public.booking_bills) from public, anon, authenticated;
grant execute on function public.bill_chargeable_now(public.booking_bills) to service_role;

-- Opens the office's charge of booking _booking_id's bill to its saved card, for staff who may bill
-- (asked of the caller). The bill is locked, so attempts are made one at a time. An open charge to the
-- card (a press whose answer never came) is handed back as it is, so pressing again repeats the same
-- request to Stripe. Refused (P0001, with a reason the app shows): no card saved ('no-card'), nothing
-- left to pay ('paid'), nothing chargeable before the customer approves ('needs-approval'), another
-- attempt open other than _replacing ('busy'). The open attempt _replacing, whose Checkout Session the
-- caller closed, is marked expired.
create function public.open_saved_card_payment(_booking_id uuid, _replacing uuid default null)
returns public.bill_payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  bill public.booking_bills;
  amount integer;
  open_attempt public.bill_payments;
  opened public.bill_payments;
begin
  perform public.require_permission('bookings:bill');
  select * into bill from public.booking_bills where booking_id = _booking_id for update;
  if not found then
    raise exception 'The move of booking % has no bill', _booking_id using errcode = 'no_data_found';
  end if;
  if not exists (select 1 from public.saved_cards where booking_id = _booking_id) then
    raise exception 'no-card' using errcode = 'P0001', detail = 'No card is saved for this move.';
  end if;
  select * into open_attempt from public.bill_payments where bill_id = bill.id and status = 'open';
  if found and open_attempt.method = 'saved_card' then
    return open_attempt;
  end if;
  if public.bill_balance_due(bill.id) = 0 then
    raise exception 'paid' using errcode = 'P0001', detail = 'The bill is paid.';
  end if;
  amount := public.bill_chargeable_now(bill);
  if amount = 0 then
    raise exception 'needs-approval' using errcode = 'P0001', detail = 'The rest waits for the customer''s approval.';
  end if;
  update public.bill_payments set status = 'expired' where bill_id = bill.id and status = 'open' and id = _replacing;
  if exists (select 1 from public.bill_payments where bill_id = bill.id and status = 'open') then
    raise exception 'busy' using errcode = 'P0001', detail = 'Another attempt at paying this bill is open.';
  end if;
  insert into public.bill_payments (bill_id, booking_id, balance_cents, method)
  values (bill.id, bill.booking_id, amount, 'saved_card')
  returning * into opened;
  return opened;
end;
$$;

revoke execute on function public.open_saved_card_payment(uuid, uuid) from public, anon;
grant execute on function public.open_saved_card_payment(uuid, uuid) to authenticated;

-- Stripe's answer to the charge _payment_id made to a saved card: 'paid' (its PaymentIntent
-- _payment_intent_id took _amount cents) or 'failed' (refused, for _failure_code). Applied once: a paid
-- attempt stays paid; a failed one is closed and the customer told to pay with their link. Answers
-- 'paid' or 'failed' when this call changed the attempt, 'unchanged' when it was settled before,
-- 'mismatch' when the amount is not the attempt's, 'unknown' when no charge to a card has that id.
create function public.settle_saved_card_payment(
  _payment_id uuid,
  _outcome text,
  _payment_intent_id text default null,
  _amount integer default null,
  _failure_code text default null
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempt public.bill_payments;
begin
  if _outcome is null or _outcome not in ('paid', 'failed') then
    raise exception 'Unknown outcome of a charge: %', _outcome using errcode = 'invalid_parameter_value';
  end if;
  select * into attempt from public.bill_payments where id = _payment_id and method = 'saved_card' for update;
  if not found then
    return 'unknown';
  end if;
  if _outcome = 'paid' then
    return public.mark_attempt_paid(attempt, _amount, _payment_intent_id);
  end if;
  if attempt.status <> 'open' then
    return 'unchanged';
  end if;
  update public.bill_payments
  set status = 'failed', failure_code = left(coalesce(_failure_code, 'card_declined'), 100),
      stripe_payment_intent_id = coalesce(_payment_intent_id, stripe_payment_intent_id)
  where id = attempt.id
  returning * into attempt;
  perform public.enqueue_booking_message(
    attempt.booking_id, 'balance_charge_failed',
    jsonb_build_object(
      'paymentId', attempt.id, 'amountCents', attempt.balance_cents,
      'needsAuthentication', attempt.failure_code = 'authentication_required',
      'balanceDueCents', public.bill_balance_due(attempt.bill_id)
    )
  );
  return 'failed';
end;
$$;

revoke execute on function public.settle_saved_card_payment(uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.settle_saved_card_payment(uuid, text, text, integer, text) to service_role;

-- One of Stripe's events about a charge to a saved card (payment_intent.succeeded or
-- payment_intent.payment_failed), applied once however often it is delivered: the event id is
-- recorded in the same transaction as its effect. 'duplicate' for a redelivery; else what
-- settle_saved_card_payment answers ('unknown' is recorded and ignored).
create function public.apply_saved_card_payment_event(
  _event_id text,
  _event_type text,
  _payment_id uuid,
  _outcome text,
  _payment_intent_id text default null,
  _amount integer default null,
  _failure_code text default null
)
returns text
language plpgsql
set search_path = ''
as $$
begin
  insert into public.stripe_events (event_id, type) values (_event_id, _event_type) on conflict (event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  return public.settle_saved_card_payment(_payment_id, _outcome, _payment_intent_id, _amount, _failure_code);
end;
$$;

revoke execute on function public.apply_saved_card_payment_event(text, text, uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.apply_saved_card_payment_event(text, text, uuid, text, text, integer, text) to service_role;

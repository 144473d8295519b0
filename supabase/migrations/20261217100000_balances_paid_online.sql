-- A move's balance, paid online after its bill: through Stripe Checkout from the booking's page or the
-- link of its emails, with an optional tip for the crew as its own line and its own money. Each attempt
-- at paying is a row of bill_payments, opened before its Checkout Session is made, so Stripe's answer
-- always finds the bill it pays; a bill has one open attempt at a time, and what is left to pay is the
-- bill's balance less what its paid attempts paid. Tips are kept apart from the balance: they are the
-- crew's, not the company's revenue.

create table public.bill_payments (
  id uuid primary key default gen_random_uuid(),
  bill_id uuid not null references public.booking_bills (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- The part of the bill's balance this payment pays, and the tip on top of it.
  balance_cents integer not null check (balance_cents >= 0),
  tip_cents integer not null default 0 check (tip_cents >= 0),
  stripe_checkout_session_id text unique check (char_length(stripe_checkout_session_id) between 1 and 255),
  stripe_payment_intent_id text unique check (char_length(stripe_payment_intent_id) between 1 and 255),
  status text not null default 'open' check (status in ('open', 'paid', 'expired', 'failed')),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint bill_payments_some_money check (balance_cents + tip_cents > 0),
  constraint bill_payments_paid_has_date check ((status = 'paid') = (paid_at is not null))
);

comment on table public.bill_payments is 'Attempts at paying a move''s balance (and tip) online: written by open_bill_payment and the payment''s fulfilment only.';

-- One attempt open at a time: paying again with another tip replaces it.
create unique index bill_payments_one_open_per_bill on public.bill_payments (bill_id) where status = 'open';
create index bill_payments_booking_id_idx on public.bill_payments (booking_id);
-- Money collected in a month, found by its date.
create index bill_payments_paid_at_idx on public.bill_payments (paid_at) include (balance_cents, tip_cents) where status = 'paid';

alter table public.bill_payments enable row level security;
revoke all on table public.bill_payments from anon, authenticated, service_role;
grant select on table public.bill_payments to authenticated, service_role;
-- The server stores the Checkout Session it made for an attempt, and closes an attempt Stripe refused.
grant update (stripe_checkout_session_id, status) on table public.bill_payments to service_role;

create policy "Customers read their own moves' payments"
  on public.bill_payments for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())));

create policy "Staff read bill payments"
  on public.bill_payments for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- What is left of a bill's balance: its balance less what its paid attempts paid, never below nothing.
create function public.bill_balance_due(_bill_id uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select greatest(0, b.balance_cents - coalesce((
    select sum(p.balance_cents) from public.bill_payments p where p.bill_id = b.id and p.status = 'paid'
  ), 0))::integer
  from public.booking_bills b
  where b.id = _bill_id;
$$;

revoke execute on function public.bill_balance_due(uuid) from public, anon, authenticated;
grant execute on function public.bill_balance_due(uuid) to service_role;

-- Opens an attempt at paying what is left of booking _booking_id's bill, with a tip of _tip_cents, for
-- the server (the service role) once it has checked who asks. The bill is locked, so attempts are made
-- one at a time. Refused (P0001, with a reason the app shows): a bill waiting for the customer's
-- approval ('needs-approval'), one paid in full ('paid'), a tip below nothing or above the bill
-- ('tip'), an open attempt other than _replacing ('busy': the caller hands that one out, or closes its
-- session first). The open attempt _replacing, whose session the caller closed, is marked expired.
create function public.open_bill_payment(_booking_id uuid, _tip_cents integer, _replacing uuid default null)
returns public.bill_payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  bill public.booking_bills;
  due integer;
  opened public.bill_payments;
begin
  select * into bill from public.booking_bills where booking_id = _booking_id for update;
  if not found then
    raise exception 'The move of booking % has no bill', _booking_id using errcode = 'no_data_found';
  end if;
  if bill.needs_approval and bill.approved_at is null then
    raise exception 'needs-approval' using errcode = 'P0001', detail = 'The bill waits for the customer''s approval.';
  end if;
  due := public.bill_balance_due(bill.id);
  if due = 0 then
    raise exception 'paid' using errcode = 'P0001', detail = 'The bill is paid.';
  end if;
  if _tip_cents is null or _tip_cents < 0 or _tip_cents > bill.total_cents then
    raise exception 'tip' using errcode = 'P0001', detail = 'A tip is between nothing and the bill.';
  end if;
  update public.bill_payments set status = 'expired' where bill_id = bill.id and status = 'open' and id = _replacing;
  if exists (select 1 from public.bill_payments where bill_id = bill.id and status = 'open') then
    raise exception 'busy' using errcode = 'P0001', detail = 'Another attempt at paying this bill is open.';
  end if;
  insert into public.bill_payments (bill_id, booking_id, balance_cents, tip_cents)
  values (bill.id, bill.booking_id, due, _tip_cents)
  returning * into opened;
  return opened;
end;
$$;

revoke execute on function public.open_bill_payment(uuid, integer, uuid) from public, anon, authenticated;
grant execute on function public.open_bill_payment(uuid, integer, uuid) to service_role;

-- Stripe says the Checkout Session _session_id was paid, _amount_total cents in all: its attempt is
-- marked paid, once. An attempt already closed (replaced, or expired) is still marked paid: Stripe took
-- the money. 'paid' when this call marked it; 'unchanged' when it was marked before; 'mismatch' when
-- the amount is not the attempt's; 'unknown' when no attempt holds the session.
create function public.mark_bill_payment_paid(_session_id text, _amount_total integer, _payment_intent_id text default null)
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
  if attempt.status = 'paid' then
    return 'unchanged';
  end if;
  if _amount_total is distinct from attempt.balance_cents + attempt.tip_cents then
    return 'mismatch';
  end if;
  update public.bill_payments
  set status = 'paid', paid_at = now(), stripe_payment_intent_id = coalesce(_payment_intent_id, stripe_payment_intent_id)
  where id = attempt.id;
  return 'paid';
end;
$$;

revoke execute on function public.mark_bill_payment_paid(text, integer, text) from public, anon, authenticated;
grant execute on function public.mark_bill_payment_paid(text, integer, text) to service_role;

-- One of Stripe's events about a balance's Checkout Session, applied once however often it is
-- delivered: the event id is recorded in the same transaction as its effect. 'duplicate' for a
-- redelivery; for a payment what mark_bill_payment_paid answers ('unknown' is recorded and ignored);
-- for an expiry or a failure 'expired' or 'failed' when it closed an open attempt, else 'unchanged'.
create function public.apply_bill_payment_event(
  _event_id text,
  _event_type text,
  _effect text,
  _session_id text,
  _payment_intent_id text default null,
  _amount_total integer default null
)
returns text
language plpgsql
set search_path = ''
as $$
begin
  if _effect is null or _effect not in ('paid', 'expired', 'failed') then
    raise exception 'Unknown effect of a Stripe event: %', _effect using errcode = 'invalid_parameter_value';
  end if;
  insert into public.stripe_events (event_id, type) values (_event_id, _event_type) on conflict (event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  if _effect = 'paid' then
    return public.mark_bill_payment_paid(_session_id, _amount_total, _payment_intent_id);
  end if;
  update public.bill_payments set status = _effect where stripe_checkout_session_id = _session_id and status = 'open';
  return case when found then _effect else 'unchanged' end;
end;
$$;

revoke execute on function public.apply_bill_payment_event(text, text, text, text, text, integer) from public, anon, authenticated;
grant execute on function public.apply_bill_payment_event(text, text, text, text, text, integer) to service_role;

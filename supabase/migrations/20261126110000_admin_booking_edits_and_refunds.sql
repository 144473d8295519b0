-- One booking in the admin area: staff edit its details (each changed field kept with before and
-- after, who and when), and a paid deposit can be refunded through Stripe. The payment intent that
-- paid a deposit is kept, since that is what a refund names.

-- Deposits: 'refunded', and the payment intent ------------------------------------------------------

alter table public.bookings drop constraint bookings_deposit_status_check;
alter table public.bookings
  add constraint bookings_deposit_status_check check (deposit_status in ('unpaid', 'paid', 'failed', 'expired', 'refunded'));

-- A refunded deposit was paid first: it keeps the date it was paid.
alter table public.bookings drop constraint bookings_paid_deposit_has_date;
alter table public.bookings
  add constraint bookings_paid_deposit_has_date check ((deposit_status in ('paid', 'refunded')) = (deposit_paid_at is not null));

alter table public.bookings
  add column stripe_payment_intent_id text check (char_length(stripe_payment_intent_id) between 1 and 255);

comment on column public.bookings.stripe_payment_intent_id is 'The Stripe PaymentIntent that paid the deposit: what a refund of it names.';

create index bookings_stripe_payment_intent_id_idx on public.bookings (stripe_payment_intent_id) where stripe_payment_intent_id is not null;

-- Marks a booking's deposit paid by the Checkout Session it holds, once, keeping the payment intent
-- that paid it. A deposit refunded meanwhile is never marked paid again by the same session.
drop function public.apply_stripe_checkout_event(text, text, text, text, boolean);
drop function public.mark_deposit_paid(uuid, text, boolean);

create function public.mark_deposit_paid(_booking_id uuid, _session_id text, _confirm boolean, _payment_intent_id text default null)
returns setof public.bookings
language sql
set search_path = ''
as $$
  update public.bookings
  set deposit_status = 'paid',
      deposit_paid_at = now(),
      stripe_payment_intent_id = _payment_intent_id,
      refund_due_at = case when status = 'cancelled' then now() end,
      status = case when _confirm and status = 'pending' then 'confirmed' else status end
  where id = _booking_id
    and stripe_checkout_session_id = _session_id
    and deposit_status not in ('paid', 'refunded')
  returning *;
$$;

revoke execute on function public.mark_deposit_paid(uuid, text, boolean, text) from public, anon, authenticated;
grant execute on function public.mark_deposit_paid(uuid, text, boolean, text) to service_role;

-- As before (recorded and applied in one transaction), with the payment intent of a paid session.
create function public.apply_stripe_checkout_event(
  _event_id text,
  _event_type text,
  _effect text,
  _session_id text default null,
  _confirm boolean default false,
  _payment_intent_id text default null
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  marked public.bookings;
begin
  if _effect is null or _effect not in ('paid', 'expired', 'failed', 'none') then
    raise exception 'Unknown effect of a Stripe event: %', _effect using errcode = 'invalid_parameter_value';
  end if;
  if _effect <> 'none' and _session_id is null then
    raise exception 'The effect % needs a Checkout Session', _effect using errcode = 'invalid_parameter_value';
  end if;

  insert into public.stripe_events (event_id, type) values (_event_id, _event_type) on conflict (event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  if _effect = 'paid' then
    select * into marked from public.mark_deposit_paid(
      (select id from public.bookings where stripe_checkout_session_id = _session_id), _session_id, _confirm, _payment_intent_id
    );
    if not found then
      return 'unchanged';
    end if;
    return case when marked.refund_due_at is null then 'paid' else 'refund-due' end;
  end if;

  if _effect in ('expired', 'failed') then
    update public.bookings set deposit_status = _effect
    where stripe_checkout_session_id = _session_id and deposit_status not in ('paid', 'refunded');
    return case when found then _effect else 'unchanged' end;
  end if;

  return 'recorded';
end;
$$;

revoke execute on function public.apply_stripe_checkout_event(text, text, text, text, boolean, text) from public, anon, authenticated;
grant execute on function public.apply_stripe_checkout_event(text, text, text, text, boolean, text) to service_role;

-- Refunds ------------------------------------------------------------------------------------------

-- One refund per payment intent: the deposit is refunded whole, once.
create table public.deposit_refunds (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  payment_intent_id text not null unique check (char_length(payment_intent_id) between 1 and 255),
  -- Null while only Stripe's charge.refunded event (which names no refund) has reported it.
  stripe_refund_id text unique check (char_length(stripe_refund_id) between 1 and 255),
  amount_cents integer not null check (amount_cents >= 0),
  refunded_at timestamptz not null default now(),
  -- The staff member who refunded it; null when only Stripe's event reported it.
  refunded_by uuid references auth.users (id) on delete set null
);

comment on table public.deposit_refunds is 'Deposits given back through Stripe: written by record_deposit_refund and the webhook only.';

create index deposit_refunds_booking_id_idx on public.deposit_refunds (booking_id);

alter table public.deposit_refunds enable row level security;
revoke all on table public.deposit_refunds from anon, authenticated, service_role;
grant select on table public.deposit_refunds to authenticated, service_role;

create policy "Staff read deposit refunds"
  on public.deposit_refunds for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- Marks the deposit paid by _payment_intent_id refunded (a refund due is settled) and keeps the refund,
-- once: a second report (the admin's request and Stripe's event, in either order, or twice) only fills
-- in what the first did not know (the refund's id, who asked for it). True when this call marked it.
-- Security definer (nobody writes deposit_refunds directly), executed by the service role and by
-- record_deposit_refund only.
create function public.mark_deposit_refunded(_payment_intent_id text, _refund_id text, _amount_cents integer, _refunded_by uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  refunded_booking uuid;
  marked boolean;
begin
  update public.bookings set deposit_status = 'refunded', refund_due_at = null
  where stripe_payment_intent_id = _payment_intent_id and deposit_status = 'paid'
  returning id into refunded_booking;
  marked := found;
  if not marked then
    select id into refunded_booking from public.bookings
    where stripe_payment_intent_id = _payment_intent_id and deposit_status = 'refunded';
    if not found then
      return false;
    end if;
  end if;

  insert into public.deposit_refunds as refund (booking_id, payment_intent_id, stripe_refund_id, amount_cents, refunded_by)
  values (refunded_booking, _payment_intent_id, _refund_id, _amount_cents, _refunded_by)
  on conflict (payment_intent_id) do update
    set stripe_refund_id = coalesce(refund.stripe_refund_id, excluded.stripe_refund_id),
        refunded_by = coalesce(refund.refunded_by, excluded.refunded_by);
  return marked;
end;
$$;

revoke execute on function public.mark_deposit_refunded(text, text, integer, uuid) from public, anon, authenticated;
grant execute on function public.mark_deposit_refunded(text, text, integer, uuid) to service_role;

-- Staff who may change bookings record the refund Stripe made for a booking's deposit.
create function public.record_deposit_refund(_booking_id uuid, _refund_id text, _amount_cents integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  intent text;
begin
  if not public.has_permission('bookings:write') then
    raise exception 'You may not refund a deposit' using errcode = 'insufficient_privilege';
  end if;
  select stripe_payment_intent_id into intent from public.bookings where id = _booking_id;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  if intent is null then
    raise exception 'The booking % has no paid deposit to refund', _booking_id using errcode = 'invalid_parameter_value';
  end if;
  return public.mark_deposit_refunded(intent, _refund_id, _amount_cents, auth.uid());
end;
$$;

revoke execute on function public.record_deposit_refund(uuid, text, integer) from public, anon;
grant execute on function public.record_deposit_refund(uuid, text, integer) to authenticated;

-- Stripe's charge.refunded event, recorded and applied in one transaction: 'duplicate' (delivered
-- before), 'refunded' (this event marked it), 'unchanged' (refunded already, or no such deposit).
create function public.apply_stripe_refund_event(_event_id text, _event_type text, _payment_intent_id text, _refund_id text, _amount_cents integer)
returns text
language plpgsql
set search_path = ''
as $$
begin
  insert into public.stripe_events (event_id, type) values (_event_id, _event_type) on conflict (event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  return case when public.mark_deposit_refunded(_payment_intent_id, _refund_id, _amount_cents, null) then 'refunded' else 'unchanged' end;
end;
$$;

revoke execute on function public.apply_stripe_refund_event(text, text, text, text, integer) from public, anon, authenticated;
grant execute on function public.apply_stripe_refund_event(text, text, text, text, integer) to service_role;

-- Edits --------------------------------------------------------------------------------------------

create table public.booking_edits (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  field text not null check (field in ('moving_date', 'moving_time', 'moving_from', 'moving_to', 'special_instructions', 'final_cost_cents')),
  -- The values as text (dates YYYY-MM-DD, times HH:MM:SS, cents as digits); null where there was none.
  before text,
  after text,
  changed_at timestamptz not null default now(),
  changed_by uuid references auth.users (id) on delete set null
);

comment on table public.booking_edits is 'Every change staff made to a booking''s details, one row per field, written by update_booking_details only.';

create index booking_edits_booking_id_changed_at_idx on public.booking_edits (booking_id, changed_at);

alter table public.booking_edits enable row level security;
revoke all on table public.booking_edits from anon, authenticated, service_role;
grant select on table public.booking_edits to authenticated, service_role;

create policy "Staff read every booking's edits"
  on public.booking_edits for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- Staff who may change bookings set its date, time, addresses, instructions and final cost; each field
-- that changes gets one history row (before, after, who, when) in the same transaction. The row is
-- locked meanwhile, so two edits at once each record what they really changed. Returns how many
-- fields changed.
create function public.update_booking_details(
  _booking_id uuid,
  _moving_date date,
  _moving_time time,
  _moving_from text,
  _moving_to text,
  _special_instructions text,
  _final_cost_cents integer
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.bookings;
  changes integer := 0;
begin
  if not public.has_permission('bookings:write') then
    raise exception 'You may not change a booking' using errcode = 'insufficient_privilege';
  end if;
  select * into current from public.bookings where id = _booking_id for update;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;

  insert into public.booking_edits (booking_id, field, before, after, changed_by)
  select _booking_id, change.field, change.before, change.after, auth.uid()
  from (values
    ('moving_date', current.moving_date::text, _moving_date::text),
    ('moving_time', current.moving_time::text, _moving_time::text),
    ('moving_from', current.moving_from, _moving_from),
    ('moving_to', current.moving_to, _moving_to),
    ('special_instructions', current.special_instructions, _special_instructions),
    ('final_cost_cents', current.final_cost_cents::text, _final_cost_cents::text)
  ) as change (field, before, after)
  where change.before is distinct from change.after;
  get diagnostics changes = row_count;

  if changes > 0 then
    update public.bookings
    set moving_date = _moving_date,
        moving_time = _moving_time,
        moving_from = _moving_from,
        moving_to = _moving_to,
        special_instructions = _special_instructions,
        final_cost_cents = _final_cost_cents
    where id = _booking_id;
  end if;
  return changes;
end;
$$;

revoke execute on function public.update_booking_details(uuid, date, time, text, text, text, integer) from public, anon;
grant execute on function public.update_booking_details(uuid, date, time, text, text, text, integer) to authenticated;

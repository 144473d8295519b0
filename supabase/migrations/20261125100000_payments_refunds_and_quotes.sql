-- Cost columns named by their unit: every amount in a booking is integer cents.

alter table public.bookings rename column estimated_cost to estimated_cost_cents;
alter table public.bookings rename column final_cost to final_cost_cents;
alter table public.bookings rename column deposit_amount to deposit_amount_cents;

alter table public.bookings rename constraint bookings_estimated_cost_check to bookings_estimated_cost_cents_check;
alter table public.bookings rename constraint bookings_final_cost_check to bookings_final_cost_cents_check;
alter table public.bookings rename constraint bookings_deposit_amount_check to bookings_deposit_amount_cents_check;

-- A deposit paid for a booking cancelled meanwhile --------------------------------------------------

-- Stripe may take a payment while the customer cancels (the checkout page was open in another tab):
-- the money is recorded as paid and the booking is marked for refund; its status stays cancelled.
alter table public.bookings
  add column refund_due_at timestamptz,
  add constraint bookings_refund_due_only_for_a_paid_deposit check (refund_due_at is null or deposit_status = 'paid');

comment on column public.bookings.refund_due_at is
  'When a deposit was paid for a booking already cancelled: the company owes it back (Refund due).';

-- Marks a booking's deposit paid by the Checkout Session it holds, once: a second call (a webhook
-- redelivered, the success page reloaded, both at the same time) matches no row and changes nothing.
-- With _confirm a pending booking becomes confirmed in the same statement; a cancelled one stays
-- cancelled and is marked for refund. Returns the booking when this call marked it, nothing otherwise.
create or replace function public.mark_deposit_paid(_booking_id uuid, _session_id text, _confirm boolean)
returns setof public.bookings
language sql
set search_path = ''
as $$
  update public.bookings
  set deposit_status = 'paid',
      deposit_paid_at = now(),
      refund_due_at = case when status = 'cancelled' then now() end,
      status = case when _confirm and status = 'pending' then 'confirmed' else status end
  where id = _booking_id
    and stripe_checkout_session_id = _session_id
    and deposit_status <> 'paid'
  returning *;
$$;

revoke execute on function public.mark_deposit_paid(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.mark_deposit_paid(uuid, text, boolean) to service_role;

-- One Stripe event, recorded and applied in one transaction ----------------------------------------

-- Records a delivered event's id and applies its effect on the booking holding the Checkout Session
-- _session_id, together: a failure rolls both back, so Stripe's next delivery is handled; a
-- redelivery of a recorded event changes nothing. _effect is what the server decided the event means,
-- having checked the session against its booking: 'paid' (the deposit; with _confirm a pending
-- booking is confirmed), 'expired' or 'failed' (the session ended unpaid), or 'none'. Returns what
-- happened: 'duplicate', 'paid', 'refund-due' (paid for a cancelled booking), 'expired', 'failed',
-- 'unchanged' (nothing left to change) or 'recorded' (an event without effect).
-- Security invoker: only the service role may execute it, and it writes with the service role's rights.
create function public.apply_stripe_checkout_event(
  _event_id text,
  _event_type text,
  _effect text,
  _session_id text default null,
  _confirm boolean default false
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
      (select id from public.bookings where stripe_checkout_session_id = _session_id), _session_id, _confirm
    );
    if not found then
      return 'unchanged';
    end if;
    return case when marked.refund_due_at is null then 'paid' else 'refund-due' end;
  end if;

  if _effect in ('expired', 'failed') then
    update public.bookings set deposit_status = _effect
    where stripe_checkout_session_id = _session_id and deposit_status <> 'paid';
    return case when found then _effect else 'unchanged' end;
  end if;

  return 'recorded';
end;
$$;

revoke execute on function public.apply_stripe_checkout_event(text, text, text, text, boolean) from public, anon, authenticated;
grant execute on function public.apply_stripe_checkout_event(text, text, text, text, boolean) to service_role;

-- The quote kept with the booking ------------------------------------------------------------------

-- The priced lines the customer saw in the wizard, kept as they were when the booking was saved:
-- {"lines": [{"label": "Moving team, 4 hours", "cents": 60000}, …], "total_cents": 70000,
--  "hourly_rate_cents": 15000}. The lines add up to the total, and the total is the stored estimate.
-- Bookings saved before quotes were kept have none.
create function public.is_booking_quote(_quote jsonb, _estimated_cost_cents integer)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  line jsonb;
  lines_cents numeric := 0;
begin
  if jsonb_typeof(_quote) is distinct from 'object'
     or jsonb_typeof(_quote -> 'lines') is distinct from 'array'
     or jsonb_typeof(_quote -> 'total_cents') is distinct from 'number'
     or jsonb_typeof(_quote -> 'hourly_rate_cents') is distinct from 'number' then
    return false;
  end if;
  if jsonb_array_length(_quote -> 'lines') not between 1 and 20
     or (_quote ->> 'hourly_rate_cents')::numeric < 0
     or (_quote ->> 'hourly_rate_cents')::numeric % 1 <> 0 then
    return false;
  end if;
  for line in select value from jsonb_array_elements(_quote -> 'lines') loop
    if jsonb_typeof(line) is distinct from 'object'
       or jsonb_typeof(line -> 'label') is distinct from 'string'
       or jsonb_typeof(line -> 'cents') is distinct from 'number' then
      return false;
    end if;
    if char_length(line ->> 'label') not between 1 and 200 or (line ->> 'cents')::numeric < 0 or (line ->> 'cents')::numeric % 1 <> 0 then
      return false;
    end if;
    lines_cents := lines_cents + (line ->> 'cents')::numeric;
  end loop;
  return lines_cents = (_quote ->> 'total_cents')::numeric
    and (_quote ->> 'total_cents')::numeric = _estimated_cost_cents;
end;
$$;

-- Only writers of bookings need it: the service role, and the functions that run as the owner.
revoke execute on function public.is_booking_quote(jsonb, integer) from public, anon, authenticated;
grant execute on function public.is_booking_quote(jsonb, integer) to service_role;

alter table public.bookings
  add column quote jsonb,
  add constraint bookings_quote_adds_up check (quote is null or public.is_booking_quote(quote, estimated_cost_cents));

comment on column public.bookings.quote is
  'The priced lines shown when the booking was saved ({lines: [{label, cents}], total_cents, hourly_rate_cents}); null for bookings saved before quotes were kept.';

-- One Pay attempt, one Checkout Session request ----------------------------------------------------

-- Stripe answers a repeated idempotency key with the session it made for it, but only when the
-- request is byte for byte the same. A Checkout Session request carries its expiry, so the expiry of
-- an attempt is fixed by the attempt's first request and read back by every repeat, on any instance.
create table public.checkout_attempts (
  idempotency_key text primary key check (char_length(idempotency_key) between 1 and 255),
  expires_at timestamptz not null,
  -- How often the attempt was renewed because its expiry came too close for Stripe (30 minutes).
  renewals integer not null default 0 check (renewals >= 0),
  created_at timestamptz not null default now()
);

comment on table public.checkout_attempts is 'The expiry each Pay attempt asks Stripe for, fixed by its first request so that repeats send the same request.';

create index checkout_attempts_created_at_idx on public.checkout_attempts (created_at);

-- Only the service role (the payment service) touches it: RLS on, no policies.
alter table public.checkout_attempts enable row level security;
revoke all on table public.checkout_attempts from anon, authenticated;
grant all on table public.checkout_attempts to service_role;

-- The expiry of the attempt named _idempotency_key: _proposed when this is its first request, else
-- the one its first request stored. When the stored one is earlier than _earliest (Stripe needs a
-- session to run 30 minutes at least) the attempt is renewed with _proposed and counts one renewal
-- more; two requests renewing at once agree on one. Attempts older than Stripe keeps its keys go.
create function public.checkout_attempt_expiry(_idempotency_key text, _proposed timestamptz, _earliest timestamptz)
returns table (attempt_expires_at timestamptz, attempt_renewals integer)
language plpgsql
set search_path = ''
as $$
begin
  delete from public.checkout_attempts where created_at < now() - interval '2 days';

  return query
    insert into public.checkout_attempts as attempt (idempotency_key, expires_at)
    values (_idempotency_key, _proposed)
    on conflict (idempotency_key) do update
      set expires_at = excluded.expires_at, renewals = attempt.renewals + 1
      where attempt.expires_at < _earliest
    returning attempt.expires_at, attempt.renewals;
  if not found then
    return query
      select attempt.expires_at, attempt.renewals from public.checkout_attempts attempt where attempt.idempotency_key = _idempotency_key;
  end if;
end;
$$;

revoke execute on function public.checkout_attempt_expiry(text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.checkout_attempt_expiry(text, timestamptz, timestamptz) to service_role;

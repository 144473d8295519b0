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

-- A deposit is given back only after its booking is cancelled: staff who may change bookings record
-- the refund Stripe made for a cancelled booking's deposit, and nothing else. (Stripe's own
-- charge.refunded event, a refund made in Stripe's dashboard, is recorded whatever the status.)
create or replace function public.record_deposit_refund(_booking_id uuid, _refund_id text, _amount_cents integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking record;
begin
  if not public.has_permission('bookings:write') then
    raise exception 'You may not refund a deposit' using errcode = 'insufficient_privilege';
  end if;
  select b.status, b.stripe_payment_intent_id into booking from public.bookings b where b.id = _booking_id;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  if booking.status <> 'cancelled' then
    raise exception 'Refund the deposit only after cancelling the booking.' using errcode = 'object_not_in_prerequisite_state';
  end if;
  if booking.stripe_payment_intent_id is null then
    raise exception 'The booking % has no paid deposit to refund', _booking_id using errcode = 'invalid_parameter_value';
  end if;
  return public.mark_deposit_refunded(booking.stripe_payment_intent_id, _refund_id, _amount_cents, auth.uid());
end;
$$;

revoke execute on function public.record_deposit_refund(uuid, text, integer) from public, anon;
grant execute on function public.record_deposit_refund(uuid, text, integer) to authenticated;

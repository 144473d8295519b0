-- The company's rules for customers' own changes become settings: how long before the move a customer
-- may still change or cancel online (48 hours until now, a constant), whether the deposit goes back by
-- itself when they cancel in time, and how many times a booking may be moved online. A customer who
-- cancels in time through their account or through the link of its emails is cancelled by one
-- function, which applies the rules and marks a paid deposit as owed back.

alter table public.app_settings
  add column customer_change_notice_hours smallint not null default 48
    constraint app_settings_customer_change_notice_hours_range check (customer_change_notice_hours between 0 and 720),
  add column refund_deposit_on_customer_cancel boolean not null default true,
  add column online_reschedule_limit smallint not null default 2
    constraint app_settings_online_reschedule_limit_range check (online_reschedule_limit between 0 and 10);

comment on column public.app_settings.customer_change_notice_hours is
  'Up to this many hours before the move starts (at most 30 days) a customer may reschedule or cancel online.';
comment on column public.app_settings.refund_deposit_on_customer_cancel is
  'A customer who cancels online in time gets the deposit back in full, by itself, through Stripe.';
comment on column public.app_settings.online_reschedule_limit is
  'How many times a customer may move one booking online (0 to 10); after that they call the office.';

grant select (customer_change_notice_hours, refund_deposit_on_customer_cancel, online_reschedule_limit) on table public.app_settings to anon, authenticated;

-- How long before the move a customer may still change or cancel it online: the company's setting.
create or replace function public.customer_cancellation_notice()
returns interval
language sql
stable
set search_path = ''
as $$
  select make_interval(hours => coalesce((select customer_change_notice_hours from public.app_settings where id), 48));
$$;

-- Saving the settings names each field once: `_settings` holds every editable column under its own
-- name. The caller must be allowed to change settings; each changed field is recorded (before, after,
-- who) in the same transaction; a name that is no editable column is refused. Returns how many fields
-- changed (0: nothing saved, nothing recorded).
drop function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, text, text, integer, integer, boolean, integer, text);

create function public.save_company_settings(_settings jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.app_settings;
  held jsonb;
  unknown text;
  changed_before jsonb;
  changed_after jsonb;
begin
  perform public.require_permission('settings:write');
  if jsonb_typeof(_settings) is distinct from 'object' then
    raise exception 'The settings must be an object of fields' using errcode = 'invalid_parameter_value';
  end if;
  select * into current from public.app_settings where id for update;
  if not found then
    raise exception 'The company settings row is missing' using errcode = 'no_data_found';
  end if;
  held := to_jsonb(current) - 'id' - 'updated_at' - 'updated_by';

  select string_agg(field, ', ') into unknown from jsonb_object_keys(_settings) as field where not held ? field;
  if unknown is not null then
    raise exception 'No such setting: %', unknown using errcode = 'invalid_parameter_value';
  end if;

  select coalesce(jsonb_object_agg(field.key, held -> field.key), '{}'), coalesce(jsonb_object_agg(field.key, field.value), '{}')
  into changed_before, changed_after
  from jsonb_each(_settings) as field
  where field.value is distinct from held -> field.key;

  if changed_after = '{}' then
    return 0;
  end if;

  -- The changed columns only, each from the row the settings make (so each value takes its column's type and checks).
  execute (
    select format('update public.app_settings set %s where id', string_agg(format('%1$I = ($1).%1$I', field), ', '))
    from jsonb_object_keys(changed_after) as field
  ) using jsonb_populate_record(current, changed_after);

  insert into public.app_settings_changes (changed_by, before, after) values (auth.uid(), changed_before, changed_after);
  return (select count(*) from jsonb_object_keys(changed_after));
end;
$$;

revoke execute on function public.save_company_settings(jsonb) from public, anon;
grant execute on function public.save_company_settings(jsonb) to authenticated, service_role;

-- What a cancellation message says of the deposit: refunded already, or owed back (a refund on its way).
create or replace function public.booking_message_facts(b public.bookings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'bookingId', b.id,
    'shortId', left(b.id::text, 8),
    'customerName', b.full_name,
    'movingDate', b.moving_date,
    'movingTime', to_char(b.moving_time, 'HH24:MI'),
    'estimatedHours', coalesce(b.estimated_hours, public.estimated_hours_for(b.property_size)),
    'fromAddress', b.moving_from,
    'toAddress', b.moving_to,
    'teamType', b.team_type,
    'extraMovers', b.extra_movers,
    'estimatedCostCents', b.estimated_cost_cents,
    'depositCents', b.deposit_amount_cents,
    'depositRefundDue', b.refund_due_at is not null
  );
$$;

-- Which booking a customer may change, asked the two ways a customer is known. Each returns the id,
-- or raises no_data_found, so the functions that change a booking name its owner once.
-- The signed-in caller's own booking.
create function public.my_booking_id(_booking_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  select id into found_id from public.bookings
  where id = _booking_id and user_id = auth.uid() and auth.uid() is not null;
  if found_id is null then
    raise exception 'No booking % of yours', _booking_id using errcode = 'no_data_found';
  end if;
  return found_id;
end;
$$;

revoke execute on function public.my_booking_id(uuid) from public, anon, authenticated, service_role;

-- The booking a 'Manage your booking' link names, with the email it was sent to: the server checked
-- the link's signature, so only the service role may ask.
create function public.manage_link_booking_id(_booking_id uuid, _email text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  perform public.require_service_role('change a booking for the holder of its link');
  select id into found_id from public.bookings where id = _booking_id and lower(email) = lower(_email);
  if found_id is null then
    raise exception 'No booking % for that email', _booking_id using errcode = 'no_data_found';
  end if;
  return found_id;
end;
$$;

revoke execute on function public.manage_link_booking_id(uuid, text) from public, anon, authenticated, service_role;

-- The customer cancels a booking, by the company's rules: pending or confirmed, and at least the notice
-- before the move. A paid deposit is marked owed back when the company refunds customers who cancel in
-- time; the server then refunds it through Stripe. Not callable by anyone: cancel_my_booking (the
-- signed-in owner) and cancel_booking_by_manage_link (the holder of its emails' link) call it.
-- Errors: invalid_parameter_value when the status does not allow it, check_violation when too late.
create function public.apply_customer_cancellation(_booking_id uuid)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  refunds boolean := coalesce((select refund_deposit_on_customer_cancel from public.app_settings where id), true);
begin
  -- The row as it is now, held until the transaction ends: two cancellations at once make one.
  select * into booking from public.bookings where id = _booking_id for update;
  if booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking can no longer be cancelled' using errcode = 'invalid_parameter_value';
  end if;
  if public.move_starts_at(booking.moving_date, booking.moving_time) - now() < public.customer_cancellation_notice() then
    raise exception 'The move is too close to cancel online' using errcode = 'check_violation';
  end if;
  perform set_config('app.booking_changed_by', 'customer', true);
  update public.bookings
  set status = 'cancelled',
      refund_due_at = case when refunds and deposit_status = 'paid' then now() end
  where id = booking.id
  returning * into booking;
  return booking;
end;
$$;

revoke execute on function public.apply_customer_cancellation(uuid) from public, anon, authenticated, service_role;

-- The signed-in customer cancels their own booking. Errors as apply_customer_cancellation's, and
-- no_data_found when the booking is not the caller's.
create or replace function public.cancel_my_booking(_booking_id uuid)
returns public.bookings
language sql
security definer
set search_path = ''
as $$
  select public.apply_customer_cancellation(public.my_booking_id(_booking_id));
$$;

-- The holder of a booking's 'Manage your booking' link cancels it: the server checked the link's
-- signature and that it names this booking and its email, so only the service role calls this.
create function public.cancel_booking_by_manage_link(_booking_id uuid, _email text)
returns public.bookings
language sql
security definer
set search_path = ''
as $$
  select public.apply_customer_cancellation(public.manage_link_booking_id(_booking_id, _email));
$$;

revoke execute on function public.cancel_booking_by_manage_link(uuid, text) from public, anon, authenticated;
grant execute on function public.cancel_booking_by_manage_link(uuid, text) to service_role;

-- The customer's deposit owed back, refunded through Stripe by the server (the customer holds no
-- right to record refunds): marked refunded once, whoever reports it first. Service role only.
create function public.record_owed_deposit_refund(_booking_id uuid, _refund_id text, _amount_cents integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  intent text;
begin
  perform public.require_service_role('record a refund owed to a customer');
  select stripe_payment_intent_id into intent from public.bookings
  where id = _booking_id and status = 'cancelled' and (refund_due_at is not null or deposit_status = 'refunded');
  if intent is null then
    raise exception 'The booking % owes no deposit back', _booking_id using errcode = 'object_not_in_prerequisite_state';
  end if;
  return public.mark_deposit_refunded(intent, _refund_id, _amount_cents, null);
end;
$$;

revoke execute on function public.record_owed_deposit_refund(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.record_owed_deposit_refund(uuid, text, integer) to service_role;

-- A deposit given back: the customer is told how much; at once, even at night, when the refund follows
-- their own cancellation of the last hour (whichever recorded it first: the server's refund, or Stripe's
-- event of it), since it answers what they just did.
create or replace function public.queue_refund_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.enqueue_booking_message(
    new.booking_id, 'booking_refunded', jsonb_build_object('refundCents', new.amount_cents),
    p_send_at_night => exists (
      select from public.message_outbox m
      where m.booking_id = new.booking_id and m.kind = 'booking_cancelled'
        and m.facts ->> 'cancelledBy' = 'customer' and m.created_at > now() - interval '1 hour'));
  return null;
end;
$$;

-- A customer moves their own booking to another day or time, by the company's rules: pending or
-- confirmed, before the online deadline (the notice before the move), at most the set number of times,
-- to a start the wizard would offer (move_start_refusal) with a crew free. The crew check is the one
-- every save runs (enforce_crew_capacity): under the new date's lock, the booking's own crew left out,
-- so the old time is released and the new one taken in the same transaction, and two customers cannot
-- both take the last crew. The booking's history keeps the old and new date and time, marked as the
-- customer's; the 'changed' message is queued by the booking's own trigger.

alter table public.bookings
  add column online_reschedules smallint not null default 0 constraint bookings_online_reschedules_not_negative check (online_reschedules >= 0);

comment on column public.bookings.online_reschedules is 'How many times the customer moved this booking online (the company''s setting caps it).';

grant select (online_reschedules) on table public.bookings to authenticated;

alter table public.booking_edits add column by_customer boolean not null default false;

comment on column public.booking_edits.by_customer is 'The customer moved their own booking (signed in, or with the link of its emails).';

-- The customer moves the booking. Not callable by anyone: reschedule_my_booking (the signed-in owner)
-- and reschedule_booking_by_manage_link (the holder of its emails' link) call it. Errors:
-- invalid_parameter_value (22023) when the status does not allow it or the time is not on the hour,
-- check_violation (23514) when the deadline has passed, CP005 when the booking was moved online as
-- often as the company allows, CP003 when the new start may not be booked (detail: too-soon or
-- past-closing), CP002 when the day is closed and CP001 when no crew is free then (from the crew check).
create function public.apply_customer_reschedule(_booking_id uuid, _moving_date date, _moving_time time)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  hours integer;
  refusal text;
  allowed integer := coalesce((select online_reschedule_limit from public.app_settings where id), 2);
begin
  -- The row as it is now, held until the transaction ends: two moves of one booking at once make one.
  select * into booking from public.bookings where id = _booking_id for update;
  if booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking can no longer be moved' using errcode = 'invalid_parameter_value';
  end if;
  if _moving_date is null or (_moving_time is not null and date_trunc('hour', _moving_time::interval) <> _moving_time::interval) then
    raise exception 'A move starts on a date, on the hour' using errcode = 'invalid_parameter_value';
  end if;
  if public.move_starts_at(booking.moving_date, booking.moving_time) - now() < public.customer_cancellation_notice() then
    raise exception 'The move is too close to change online' using errcode = 'check_violation';
  end if;
  if (booking.moving_date, booking.moving_time) is not distinct from (_moving_date, _moving_time) then
    return booking;
  end if;
  if booking.online_reschedules >= allowed then
    raise exception 'This booking was moved online % times, as often as allowed', booking.online_reschedules using errcode = 'CP005';
  end if;
  hours := coalesce(booking.estimated_hours::integer, public.estimated_hours_for(booking.property_size));
  refusal := public.move_start_refusal(_moving_date, _moving_time, hours, now());
  if refusal is not null then
    raise exception 'A move of % hours cannot start on % at %: %', hours, _moving_date, coalesce(_moving_time::text, 'opening'), refusal
      using errcode = 'CP003', detail = refusal;
  end if;

  insert into public.booking_edits (booking_id, field, before, after, changed_by, by_customer)
  select booking.id, change.field, change.before, change.after, auth.uid(), true
  from (values
    ('moving_date', booking.moving_date::text, _moving_date::text),
    ('moving_time', booking.moving_time::text, _moving_time::text)
  ) as change (field, before, after)
  where change.before is distinct from change.after;

  perform set_config('app.booking_changed_by', 'customer', true);
  update public.bookings
  set moving_date = _moving_date,
      moving_time = _moving_time,
      online_reschedules = online_reschedules + 1
  where id = booking.id
  returning * into booking;
  return booking;
end;
$$;

revoke execute on function public.apply_customer_reschedule(uuid, date, time) from public, anon, authenticated, service_role;

-- The signed-in customer moves their own booking. Errors as apply_customer_reschedule's, and
-- no_data_found when the booking is not the caller's.
create function public.reschedule_my_booking(_booking_id uuid, _moving_date date, _moving_time time)
returns public.bookings
language sql
security definer
set search_path = ''
as $$
  select public.apply_customer_reschedule(public.my_booking_id(_booking_id), _moving_date, _moving_time);
$$;

revoke execute on function public.reschedule_my_booking(uuid, date, time) from public, anon;
grant execute on function public.reschedule_my_booking(uuid, date, time) to authenticated;

-- The holder of a booking's 'Manage your booking' link moves it: the server checked the link's
-- signature and that it names this booking and its email, so only the service role calls this.
create function public.reschedule_booking_by_manage_link(_booking_id uuid, _email text, _moving_date date, _moving_time time)
returns public.bookings
language sql
security definer
set search_path = ''
as $$
  select public.apply_customer_reschedule(public.manage_link_booking_id(_booking_id, _email), _moving_date, _moving_time);
$$;

revoke execute on function public.reschedule_booking_by_manage_link(uuid, text, date, time) from public, anon, authenticated;
grant execute on function public.reschedule_booking_by_manage_link(uuid, text, date, time) to service_role;

-- Whether the customer made the change of this booking now: signed in as its owner, or through a
-- function that says so for its transaction (the link of its emails); anyone else is the office.
create function public.booking_changed_by_customer(_user_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('app.booking_changed_by', true), '') = 'customer'
         or (_user_id is not null and (select auth.uid()) is not distinct from _user_id);
$$;

revoke execute on function public.booking_changed_by_customer(uuid) from public, anon, authenticated, service_role;

-- As before, and a new date or time says who made it: the customer's own move answers them at once,
-- even at night; the office's waits for the morning.
create or replace function public.queue_booking_change_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  just_paid boolean := new.deposit_paid_at is not null and (tg_op = 'INSERT' or old.deposit_paid_at is null);
  by_customer boolean;
begin
  if new.deposit_paid_at is null then
    return null;
  end if;

  if just_paid then
    -- Paid with auto-confirm on: the customer is told once, that it is confirmed.
    if new.status <> 'cancelled' then
      perform public.enqueue_booking_message(new.id, case when new.status = 'confirmed' then 'booking_confirmed' else 'booking_received' end,
                                             p_send_at_night => true);
      if public.office_wants_email_alerts() then
        perform public.enqueue_booking_message(new.id, 'office_new_booking');
      end if;
    end if;
    return null;
  end if;

  by_customer := public.booking_changed_by_customer(new.user_id);

  if new.status = 'cancelled' and old.status <> 'cancelled' then
    perform public.enqueue_booking_message(
      new.id, 'booking_cancelled',
      jsonb_build_object('cancelledBy', case when by_customer then 'customer' else 'office' end,
                         'depositRefunded', new.deposit_status = 'refunded'),
      p_send_at_night => by_customer);
    if by_customer and public.office_wants_email_alerts() then
      perform public.enqueue_booking_message(new.id, 'office_customer_cancelled');
    end if;
    return null;
  end if;

  if new.status = 'cancelled' then
    return null;
  end if;

  if (new.moving_date, new.moving_time) is distinct from (old.moving_date, old.moving_time) then
    perform public.enqueue_booking_message(
      new.id, 'booking_rescheduled',
      jsonb_build_object(
        'changedBy', case when by_customer then 'customer' else 'office' end,
        'previous', jsonb_build_object(
          'movingDate', old.moving_date,
          'movingTime', to_char(old.moving_time, 'HH24:MI'),
          'estimatedHours', coalesce(old.estimated_hours, public.estimated_hours_for(old.property_size)))),
      p_send_at_night => by_customer);
  end if;

  if new.status = 'confirmed' and old.status = 'pending' then
    perform public.enqueue_booking_message(new.id, 'booking_confirmed');
  end if;
  return null;
end;
$$;

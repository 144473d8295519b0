-- Closing a day that has bookings asks the office whether to tell their customers. When it does, each
-- paid, open booking of the day gets the 'please pick another day' message and is marked as needing a
-- new date until it has one: its customer may then move it online whatever the notice and the number
-- of online moves, or cancel it online with the deposit refunded in full, since the company called the
-- move off. The mark goes when the booking's date changes, when it is cancelled or completed, and when
-- the office opens the day again.

alter table public.bookings add column new_date_requested_at timestamptz;

comment on column public.bookings.new_date_requested_at is
  'When the office closed the booking''s day and asked its customer to pick another; null once it has a new date or the day reopens.';

-- The mark lasts until the booking leaves the closed day or stops being open.
create function public.clear_new_date_request()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.new_date_requested_at is not null
     and (new.moving_date is distinct from old.moving_date or new.status not in ('pending', 'confirmed')) then
    new.new_date_requested_at := null;
  end if;
  return new;
end;
$$;

create trigger bookings_clear_new_date_request
  before update on public.bookings
  for each row execute function public.clear_new_date_request();

-- Telling the customers is the office's choice now, made with the closing itself (set_schedule_day).
drop trigger schedule_days_queue_closed_messages on public.schedule_days;
drop function public.queue_day_closed_messages();

-- As before, and `_ask_customers`: when the day is closed now, mark each paid, open booking on it as
-- needing a new date and queue its customer's 'please pick another day'. Opening a closed day again
-- (with crews of its own or its weekday's) takes the marks of its bookings away.
drop function public.set_schedule_day(date, integer, boolean, text);

create function public.set_schedule_day(_day date, _crews integer, _closed boolean, _reason text default null, _ask_customers boolean default false)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.schedule_days;
  before_setting jsonb;
  after_setting jsonb;
  asked_id uuid;
begin
  perform public.require_permission('schedule:manage');
  if _day is null or _closed is null then
    raise exception 'set_schedule_day takes a day and whether it is closed' using errcode = 'invalid_parameter_value';
  end if;
  if _closed and _crews is not null then
    raise exception 'A closed day has no crews' using errcode = 'invalid_parameter_value';
  end if;
  if not _closed and (_reason is not null or _ask_customers) then
    raise exception 'Only a closed day has a reason or asks its customers to move' using errcode = 'invalid_parameter_value';
  end if;

  select * into previous from public.schedule_days where day = _day for update;
  before_setting := case when previous.day is null then null
    when previous.closed then jsonb_build_object('closed', true, 'reason', previous.reason)
    else jsonb_build_object('crews', previous.crews) end;
  after_setting := case when _closed then jsonb_build_object('closed', true, 'reason', nullif(btrim(_reason), ''))
    when _crews is not null then jsonb_build_object('crews', _crews) end;
  if before_setting is not distinct from after_setting then
    return false;
  end if;

  if after_setting is null then
    delete from public.schedule_days where day = _day;
  else
    insert into public.schedule_days as sd (day, crews, closed, reason, changed_at, changed_by)
    values (_day, _crews, _closed, case when _closed then nullif(btrim(_reason), '') end, now(), auth.uid())
    on conflict (day) do update
      set crews = excluded.crews, closed = excluded.closed, reason = excluded.reason,
          changed_at = excluded.changed_at, changed_by = excluded.changed_by;
  end if;
  insert into public.schedule_changes (day, before, after, changed_by) values (_day, before_setting, after_setting, auth.uid());

  if _closed and _ask_customers and not coalesce(previous.closed, false) then
    for asked_id in
      update public.bookings b
      set new_date_requested_at = now()
      where b.moving_date = _day and b.deposit_paid_at is not null and b.status in ('pending', 'confirmed')
      returning b.id
    loop
      perform public.enqueue_booking_message(asked_id, 'day_closed_moved');
    end loop;
  elsif not _closed and coalesce(previous.closed, false) then
    update public.bookings set new_date_requested_at = null where moving_date = _day and new_date_requested_at is not null;
  end if;
  return true;
end;
$$;

revoke execute on function public.set_schedule_day(date, integer, boolean, text, boolean) from public, anon;
grant execute on function public.set_schedule_day(date, integer, boolean, text, boolean) to authenticated;

-- As before, and a booking whose day the office closed and asked about may be moved whatever the
-- notice, and that move is not counted against the online limit.
create or replace function public.apply_customer_reschedule(_booking_id uuid, _moving_date date, _moving_time time)
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
  asked boolean;
begin
  -- The row as it is now, held until the transaction ends: two moves of one booking at once make one.
  select * into booking from public.bookings where id = _booking_id for update;
  asked := booking.new_date_requested_at is not null;
  if booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking can no longer be moved' using errcode = 'invalid_parameter_value';
  end if;
  if _moving_date is null or (_moving_time is not null and date_trunc('hour', _moving_time::interval) <> _moving_time::interval) then
    raise exception 'A move starts on a date, on the hour' using errcode = 'invalid_parameter_value';
  end if;
  if not asked and public.move_starts_at(booking.moving_date, booking.moving_time) - now() < public.customer_cancellation_notice() then
    raise exception 'The move is too close to change online' using errcode = 'check_violation';
  end if;
  if (booking.moving_date, booking.moving_time) is not distinct from (_moving_date, _moving_time) then
    return booking;
  end if;
  if not asked and booking.online_reschedules >= allowed then
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
      online_reschedules = online_reschedules + case when asked then 0 else 1 end
  where id = booking.id
  returning * into booking;
  return booking;
end;
$$;

-- As before, and a booking whose day the office closed and asked about may be cancelled whatever the
-- notice, with a paid deposit owed back whatever the refund setting.
create or replace function public.apply_customer_cancellation(_booking_id uuid)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  refunds boolean := coalesce((select refund_deposit_on_customer_cancel from public.app_settings where id), true);
  asked boolean;
begin
  -- The row as it is now, held until the transaction ends: two cancellations at once make one.
  select * into booking from public.bookings where id = _booking_id for update;
  asked := booking.new_date_requested_at is not null;
  if booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking can no longer be cancelled' using errcode = 'invalid_parameter_value';
  end if;
  if not asked and public.move_starts_at(booking.moving_date, booking.moving_time) - now() < public.customer_cancellation_notice() then
    raise exception 'The move is too close to cancel online' using errcode = 'check_violation';
  end if;
  perform set_config('app.booking_changed_by', 'customer', true);
  update public.bookings
  set status = 'cancelled',
      refund_due_at = case when (refunds or asked) and deposit_status = 'paid' then now() end
  where id = booking.id
  returning * into booking;
  return booking;
end;
$$;

-- The schedule's day also says which bookings wait for their customer to pick a new date.
drop function public.schedule_day(date);

create function public.schedule_day(_day date)
returns table (
  booking_id uuid,
  full_name text,
  moving_from text,
  moving_to text,
  moving_time time,
  estimated_hours integer,
  status text,
  deposit_status text,
  hold_expires_at timestamptz,
  holds_crew boolean,
  starts_minute integer,
  ends_minute integer,
  online_reschedules integer,
  new_date_requested_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('schedule:read');
  return query
    select b.id, b.full_name, b.moving_from, b.moving_to, b.moving_time,
           coalesce(b.estimated_hours::integer, public.estimated_hours_for(b.property_size)),
           b.status, b.deposit_status, b.hold_expires_at,
           o.span is not null, lower(o.span), upper(o.span),
           b.online_reschedules::integer, b.new_date_requested_at
    from public.bookings b
    left join public.crew_occupancy(array[_day], now()) o on o.booking_id = b.id
    where b.moving_date = _day
    order by o.span is null, lower(o.span), upper(o.span) desc, b.created_at, b.id;
end;
$$;

revoke execute on function public.schedule_day(date) from public, anon;
grant execute on function public.schedule_day(date) to authenticated;

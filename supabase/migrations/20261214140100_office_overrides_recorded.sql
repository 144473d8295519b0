-- The office saves a booking over the free-time check only on purpose, and the database says so.
-- update_booking_details (staff with bookings:write) refuses a new date or time that no crew can take
-- (CP001), on a closed day (CP002) or that the company's rules would not let a move start at (CP003:
-- too soon for its notice, or running past closing), unless the office ticked 'Book it anyway'
-- (_over_capacity): then it is saved, and the booking's history gets an 'over_capacity' row saying
-- what was overridden, by whom and when. The crew check lets a save past on the transaction setting the
-- function sets only for a caller who holds bookings:write, so the setting alone lets nobody past.

create or replace function public.enforce_crew_capacity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hours integer := coalesce(new.estimated_hours::integer, public.estimated_hours_for(new.property_size));
  opening time;
  closing time;
  span int4range;
  day_crews record;
  busiest integer;
begin
  -- A hold never outlasts the live Checkout Session it waits for.
  if new.checkout_expires_at > now() and new.hold_expires_at > new.checkout_expires_at then
    new.hold_expires_at := new.checkout_expires_at;
  end if;
  if not public.booking_holds_crew(new.status, new.deposit_status, new.hold_expires_at, now()) then
    return new;
  end if;
  select h.opens_at, h.closes_at into opening, closing from public.business_hours h;
  span := public.booking_crew_minutes(new.moving_time, hours, opening, closing);
  if isempty(span) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.deposit_status = 'paid' and old.deposit_status is distinct from 'paid' then
      return new;
    end if;
    if public.booking_holds_crew(old.status, old.deposit_status, old.hold_expires_at, now())
       and old.moving_date = new.moving_date
       and public.booking_crew_minutes(old.moving_time, coalesce(old.estimated_hours::integer, public.estimated_hours_for(old.property_size)), opening, closing) = span
       and old.hold_expires_at is not distinct from new.hold_expires_at then
      return new;
    end if;
  end if;
  -- The office's save over the check on purpose: only update_booking_details sets this, and only a
  -- caller who may change bookings gets past with it.
  if current_setting('app.over_capacity_booking', true) = new.id::text and public.has_permission('bookings:write') then
    return new;
  end if;

  -- One save per date at a time, until the saving transaction ends.
  perform pg_advisory_xact_lock(20261130, new.moving_date - date '2000-01-01');

  -- A new unpaid hold releases the same visitor's older ones beyond their share.
  if new.status = 'pending' and new.deposit_status = 'unpaid' then
    perform public.release_older_unpaid_holds(new.id, new.draft_id, new.user_id, new.hold_browser, new.hold_address, new.email);
  end if;

  select c.crews, c.closed, c.reason into day_crews from public.crews_of_days(array[new.moving_date]) c;
  if day_crews.closed then
    raise exception 'We are closed on %', to_char(new.moving_date, 'YYYY-MM-DD')
      using errcode = 'CP002', detail = coalesce(day_crews.reason, '');
  end if;
  select p.peak into busiest
  from public.crew_peaks(array[new.moving_date], array[new.moving_time], hours, now(), new.id, new.draft_id) p;
  if busiest >= day_crews.crews then
    raise exception 'No crew is free on % from % to %: % of % crews are out',
      to_char(new.moving_date, 'YYYY-MM-DD'),
      to_char(make_interval(mins => lower(span)), 'HH24:MI'), to_char(make_interval(mins => upper(span)), 'HH24:MI'),
      busiest, day_crews.crews
      using errcode = 'CP001';
  end if;
  return new;
end;
$$;

create or replace function public.update_booking_details(
  _booking_id uuid,
  _moving_date date,
  _moving_time time,
  _moving_from text,
  _moving_to text,
  _special_instructions text,
  _final_cost_cents integer,
  _over_capacity boolean default false
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.bookings;
  changes integer := 0;
  hours integer;
  refusal text;
begin
  perform public.require_permission('bookings:write');
  select * into current from public.bookings where id = _booking_id for update;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;

  -- A new start ahead is judged by the rules the wizard offers starts by; a date or time kept is not,
  -- nor a move already past (the office corrects what took place).
  if (current.moving_date, current.moving_time) is distinct from (_moving_date, _moving_time)
     and current.status not in ('cancelled', 'completed')
     and _moving_date >= (now() at time zone public.company_time_zone())::date then
    hours := coalesce(current.estimated_hours::integer, public.estimated_hours_for(current.property_size));
    refusal := public.move_start_refusal(_moving_date, _moving_time, hours, now());
    if refusal is not null and not _over_capacity then
      raise exception 'A move of % hours cannot start on % at %: %', hours, _moving_date, coalesce(to_char(_moving_time, 'HH24:MI'), 'opening'), refusal
        using errcode = 'CP003', detail = refusal;
    end if;
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
    begin
      update public.bookings
      set moving_date = _moving_date,
          moving_time = _moving_time,
          moving_from = _moving_from,
          moving_to = _moving_to,
          special_instructions = _special_instructions,
          final_cost_cents = _final_cost_cents
      where id = _booking_id;
    exception when sqlstate 'CP001' or sqlstate 'CP002' then
      if not _over_capacity then
        raise;
      end if;
      perform set_config('app.over_capacity_booking', _booking_id::text, true);
      update public.bookings
      set moving_date = _moving_date,
          moving_time = _moving_time,
          moving_from = _moving_from,
          moving_to = _moving_to,
          special_instructions = _special_instructions,
          final_cost_cents = _final_cost_cents
      where id = _booking_id;
      perform set_config('app.over_capacity_booking', '', true);
      insert into public.booking_edits (booking_id, field, before, after, changed_by)
      values (_booking_id, 'over_capacity', null, sqlerrm, auth.uid());
    end;
    if refusal is not null then
      insert into public.booking_edits (booking_id, field, before, after, changed_by)
      values (_booking_id, 'over_capacity', null,
              format('A move of %s hours may not start on %s at %s: %s', hours, _moving_date, coalesce(to_char(_moving_time, 'HH24:MI'), 'opening'), refusal),
              auth.uid());
    end if;
  end if;
  return changes;
end;
$$;

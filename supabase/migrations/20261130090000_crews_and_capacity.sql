-- Crews and capacity. A moving company sells crew-hours: each day has a number of crews (by weekday,
-- unless the office set that date's crews or closed it), and each booking that counts takes one crew
-- from its start for its estimated hours, within business hours. The rules of which bookings count
-- and what they occupy are written once, here; the wizard's slots, the date picker, the office's
-- schedule and the check made when a booking is saved all read them.

-- Permissions ----------------------------------------------------------------------------------------

insert into public.role_permissions (role, permission) values
  ('admin', 'schedule:read'),
  ('admin', 'schedule:manage'),
  ('moderator', 'schedule:read');

-- Business hours -------------------------------------------------------------------------------------

-- When crews work: a move starts at opening at the earliest and occupies its crew until closing at the
-- latest. The settings' "business hours" (free text, '8:00 AM - 6:00 PM' by default) is what the
-- website tells customers; these two times are what the schedule counts with. One row.
create table public.business_hours (
  id boolean primary key default true check (id),
  opens_at time not null default '08:00',
  closes_at time not null default '18:00',
  constraint business_hours_opens_before_closing check (opens_at < closes_at)
);

comment on table public.business_hours is 'When crews work (one row): moves start at opening at the earliest and occupy a crew until closing at the latest.';

insert into public.business_hours default values;

-- Crews by weekday, and by date ----------------------------------------------------------------------

create table public.weekday_crews (
  -- ISO weekday: 1 Monday … 7 Sunday.
  iso_weekday smallint primary key check (iso_weekday between 1 and 7),
  crews smallint not null check (crews between 0 and 500),
  changed_at timestamptz not null default now(),
  changed_by uuid references auth.users (id) on delete set null
);

comment on table public.weekday_crews is 'How many crews work on each weekday (ISO 1 Monday … 7 Sunday) unless schedule_days says otherwise for a date; 0 closes that weekday.';

insert into public.weekday_crews (iso_weekday, crews) select weekday, 3 from generate_series(1, 7) as weekday;

-- A date's own crews, or the date closed (a holiday) with the reason customers are told.
create table public.schedule_days (
  day date primary key,
  crews smallint check (crews between 0 and 500),
  closed boolean not null default false,
  reason text check (char_length(btrim(reason)) between 1 and 200),
  changed_at timestamptz not null default now(),
  changed_by uuid references auth.users (id) on delete set null,
  constraint schedule_days_crews_or_closed check (closed = (crews is null)),
  constraint schedule_days_reason_only_when_closed check (closed or reason is null)
);

comment on table public.schedule_days is 'Dates whose crews differ from their weekday''s, or that are closed (with an optional reason shown to customers).';

-- Who changed the crews of a weekday or a date, from what to what: written by the functions below only.
create table public.schedule_changes (
  id uuid primary key default gen_random_uuid(),
  day date,
  iso_weekday smallint check (iso_weekday between 1 and 7),
  -- {"crews": 3} or {"closed": true, "reason": "Thanksgiving"}; null where the date had no setting of its own.
  before jsonb,
  after jsonb,
  changed_at timestamptz not null default now(),
  changed_by uuid references auth.users (id) on delete set null,
  constraint schedule_changes_day_or_weekday check ((day is null) <> (iso_weekday is null))
);

create index schedule_changes_day_idx on public.schedule_changes (day, changed_at) where day is not null;

-- Staff who read the schedule read these; nobody writes them but the functions below (and migrations).
alter table public.business_hours enable row level security;
alter table public.weekday_crews enable row level security;
alter table public.schedule_days enable row level security;
alter table public.schedule_changes enable row level security;

revoke all on table public.business_hours, public.weekday_crews, public.schedule_days, public.schedule_changes from anon, authenticated;
grant all on table public.business_hours, public.weekday_crews, public.schedule_days, public.schedule_changes to service_role;
grant select on table public.business_hours, public.weekday_crews, public.schedule_days, public.schedule_changes to authenticated;

create policy "Staff read business hours" on public.business_hours for select to authenticated
  using ((select public.has_permission('schedule:read')));
create policy "Staff read the crews of each weekday" on public.weekday_crews for select to authenticated
  using ((select public.has_permission('schedule:read')));
create policy "Staff read the crews of each date" on public.schedule_days for select to authenticated
  using ((select public.has_permission('schedule:read')));
create policy "Staff read who changed the crews" on public.schedule_changes for select to authenticated
  using ((select public.has_permission('schedule:read')));

-- The hold of a booking waiting for its deposit ------------------------------------------------------

-- A booking saved at Pay holds its crew while its customer is in Checkout: until this moment (the
-- checkout's lifetime after the save, and never past the Checkout Session's own expiry), or until
-- Stripe reports the session expired or failed, whichever comes first.
alter table public.bookings add column hold_expires_at timestamptz;

comment on column public.bookings.hold_expires_at is
  'Until when a pending booking whose deposit is unpaid holds its crew: set when it is saved at Pay, never later than checkout_expires_at of a live session.';

-- The occupancy rules --------------------------------------------------------------------------------

-- These three read no table and have no SET clause, so the planner inlines them into the queries
-- below (a function call per booking would cost more than the rest of the query).

-- The hours a move takes by the size of the home: pricing.ts's ESTIMATED_HOURS (a test compares
-- them). Only for bookings saved without their estimate; the wizard stores the estimate it priced.
create function public.estimated_hours_for(_property_size text)
returns integer
language sql
immutable
parallel safe
as $$
  select case _property_size
    when 'studio' then 3
    when '1_bedroom' then 4
    when '2_bedroom' then 6
    when '3_bedroom' then 8
    when '4_bedroom' then 10
    when '5_plus_bedroom' then 12
    else 4
  end;
$$;

-- Whether a booking in this state holds a crew at the moment _at: confirmed, under way or completed
-- moves; pending ones whose deposit is paid; and pending ones waiting for their deposit while their
-- hold lasts. Cancelled bookings, and pending ones whose Checkout expired or failed, hold none.
create function public.booking_holds_crew(_status text, _deposit_status text, _hold_expires_at timestamptz, _at timestamptz)
returns boolean
language sql
immutable
parallel safe
as $$
  select _status in ('confirmed', 'in_progress', 'completed')
    or (_status = 'pending' and (_deposit_status = 'paid' or (_deposit_status = 'unpaid' and coalesce(_hold_expires_at > _at, false))));
$$;

-- The minutes of its day a booking occupies its crew, [start, end): from its time (opening when it
-- has none, and never before opening) for its hours, and never past closing. Empty when it starts at
-- or after closing.
create function public.booking_crew_minutes(_moving_time time, _hours integer, _opens time, _closes time)
returns int4range
language sql
immutable
parallel safe
as $$
  select int4range(
    least(extract(epoch from greatest(coalesce(_moving_time, _opens), _opens)), extract(epoch from _closes))::integer / 60,
    least(extract(epoch from greatest(coalesce(_moving_time, _opens), _opens)) + coalesce(_hours, 0) * 3600, extract(epoch from _closes))::integer / 60
  );
$$;

-- The crews of each of _days: the date's own setting (custom), else its weekday's. A closed date has none.
create function public.crews_of_days(_days date[])
returns table (day date, crews integer, closed boolean, reason text, custom boolean)
language sql
stable
set search_path = ''
as $$
  select d.day,
         case when sd.closed then 0 else coalesce(sd.crews, wc.crews) end::integer,
         coalesce(sd.closed, false) or coalesce(sd.crews, wc.crews, 0) = 0,
         sd.reason,
         sd.day is not null
  from (select distinct unnest(_days) as day) d
  join public.weekday_crews wc on wc.iso_weekday = extract(isodow from d.day)
  left join public.schedule_days sd on sd.day = d.day;
$$;

-- Every booking on _days that holds a crew at _at, and the minutes of its day it holds it.
create function public.crew_occupancy(_days date[], _at timestamptz)
returns table (booking_id uuid, draft_id uuid, day date, span int4range)
language sql
stable
set search_path = ''
as $$
  select b.id, b.draft_id, b.moving_date,
         public.booking_crew_minutes(b.moving_time, coalesce(b.estimated_hours::integer, public.estimated_hours_for(b.property_size)), h.opens_at, h.closes_at)
  from public.bookings b
  cross join public.business_hours h
  where b.moving_date = any (_days)
    and b.status <> 'cancelled'
    and public.booking_holds_crew(b.status, b.deposit_status, b.hold_expires_at, _at)
    and not isempty(public.booking_crew_minutes(b.moving_time, coalesce(b.estimated_hours::integer, public.estimated_hours_for(b.property_size)), h.opens_at, h.closes_at));
$$;

-- How many crews are out at each moment of _days (minutes of the day) where that number changes,
-- and at each of _probes: a step function, read at its steps. Leaves out one booking (the one being
-- saved) and the booking of one wizard draft (the same booking, saved again).
create function public.crew_levels(_days date[], _at timestamptz, _except_booking uuid, _except_draft uuid, _probes integer[])
returns table (day date, at_minute integer, crews_out integer)
language sql
stable
set search_path = ''
as $$
  with held as (
    select o.day, o.span
    from public.crew_occupancy(_days, _at) o
    where o.booking_id is distinct from _except_booking
      and (_except_draft is null or o.draft_id is distinct from _except_draft)
  ),
  steps as (
    select held.day, lower(held.span) as at_minute, 1 as change from held
    union all
    select held.day, upper(held.span), -1 from held
    union all
    select d.day, p.at_minute, 0 from (select distinct unnest(_days) as day) d cross join unnest(_probes) as p (at_minute) where p.at_minute is not null
  )
  -- All steps at one minute are counted together: a move ending at 12:00 frees its crew for one starting then.
  select s.day, s.at_minute, (sum(s.change) over (partition by s.day order by s.at_minute range between unbounded preceding and current row))::integer
  from steps s;
$$;

-- For each of _days and each start in _starts: the minutes a move of _hours starting then would
-- occupy, the most crews already out at once during them, and the most out at once all day.
create function public.crew_peaks(_days date[], _starts time[], _hours integer, _at timestamptz, _except_booking uuid, _except_draft uuid)
returns table (day date, starts_at time, span int4range, peak integer, day_peak integer)
language sql
stable
set search_path = ''
as $$
  with starts as (
    select s.starts_at, s.position, public.booking_crew_minutes(s.starts_at, _hours, h.opens_at, h.closes_at) as span
    from unnest(_starts) with ordinality as s (starts_at, position) cross join public.business_hours h
  ),
  levels as (
    select * from public.crew_levels(_days, _at, _except_booking, _except_draft, array(select lower(starts.span) from starts))
  ),
  -- Each step falls in few of the starts' spans: joined that way round, the work grows with the
  -- bookings of the days, not with the days times the steps.
  peaks as (
    select l.day, s.position, max(l.crews_out) as peak
    from levels l join starts s on s.span @> l.at_minute
    group by l.day, s.position
  ),
  busiest as (
    select l.day, max(l.crews_out) as peak from levels l group by l.day
  )
  select d.day, s.starts_at, s.span, coalesce(p.peak, 0)::integer, coalesce(b.peak, 0)::integer
  from (select distinct unnest(_days) as day) d
  cross join starts s
  left join peaks p on p.day = d.day and p.position = s.position
  left join busiest b on b.day = d.day;
$$;

revoke execute on function public.crews_of_days(date[]) from public, anon, authenticated;
revoke execute on function public.crew_occupancy(date[], timestamptz) from public, anon, authenticated;
revoke execute on function public.crew_levels(date[], timestamptz, uuid, uuid, integer[]) from public, anon, authenticated;
revoke execute on function public.crew_peaks(date[], time[], integer, timestamptz, uuid, uuid) from public, anon, authenticated;
grant execute on function public.crews_of_days(date[]) to service_role;
grant execute on function public.crew_occupancy(date[], timestamptz) to service_role;
grant execute on function public.crew_levels(date[], timestamptz, uuid, uuid, integer[]) to service_role;
grant execute on function public.crew_peaks(date[], time[], integer, timestamptz, uuid, uuid) to service_role;

-- What the wizard asks (anyone may: crews and counts, never a booking) ------------------------------

-- Business hours, as the schedule counts them.
create function public.schedule_business_hours()
returns table (opens_at time, closes_at time)
language sql
stable
security definer
set search_path = ''
as $$
  select h.opens_at, h.closes_at from public.business_hours h;
$$;

revoke execute on function public.schedule_business_hours() from public;
grant execute on function public.schedule_business_hours() to anon, authenticated, service_role;

-- Each of _slots on _day for a move of _hours: whether a crew is free throughout the minutes it would
-- occupy. None fits on a closed day. _except_draft leaves out the booking saved from that wizard draft
-- (the customer's own, which the new answers replace).
create function public.capacity_slots(_day date, _hours integer, _slots time[], _except_draft uuid default null)
returns table (slot time, fits boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if _day is null or _hours is null or _hours not between 1 and 24 or _slots is null or cardinality(_slots) not between 1 and 48 then
    raise exception 'capacity_slots takes a day, 1 to 24 hours and 1 to 48 slots' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select p.starts_at, (not isempty(p.span) and p.peak < c.crews)
    from public.crew_peaks(array[_day], _slots, _hours, now(), null, _except_draft) p
    join public.crews_of_days(array[_day]) c on c.day = p.day
    order by p.starts_at;
end;
$$;

revoke execute on function public.capacity_slots(date, integer, time[], uuid) from public;
grant execute on function public.capacity_slots(date, integer, time[], uuid) to anon, authenticated, service_role;

-- Each day from _from to _to (at most 92): its crews, the most out at once, whether it is closed (and
-- why), and whether it is full: open, yet none of _slots can take a move of _hours. _except_draft as
-- for capacity_slots.
create function public.capacity_days(_from date, _to date, _hours integer, _slots time[], _except_draft uuid default null)
returns table (day date, crews integer, crews_used integer, closed boolean, reason text, full boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  days date[];
begin
  if _from is null or _to is null or _to < _from or _to - _from > 91 then
    raise exception 'capacity_days takes a range of 1 to 92 days' using errcode = 'invalid_parameter_value';
  end if;
  if _hours is null or _hours not between 1 and 24 or _slots is null or cardinality(_slots) not between 1 and 48 then
    raise exception 'capacity_days takes 1 to 24 hours and 1 to 48 slots' using errcode = 'invalid_parameter_value';
  end if;
  days := array(select generate_series(_from, _to, interval '1 day')::date);
  return query
    with fitting as (
      select p.day, bool_or(not isempty(p.span) and p.peak < c.crews) as any_fits, max(p.day_peak) as crews_out
      from public.crew_peaks(days, _slots, _hours, now(), null, _except_draft) p
      join public.crews_of_days(days) c on c.day = p.day
      group by p.day
    )
    select c.day, c.crews, coalesce(f.crews_out, 0)::integer, c.closed, c.reason, not c.closed and not coalesce(f.any_fits, false)
    from public.crews_of_days(days) c
    left join fitting f on f.day = c.day
    order by c.day;
end;
$$;

revoke execute on function public.capacity_days(date, date, integer, time[], uuid) from public;
grant execute on function public.capacity_days(date, date, integer, time[], uuid) to anon, authenticated, service_role;

-- What the office reads (schedule:read) ----------------------------------------------------------------

-- Every booking moving on _day, those holding a crew first by their start: what they hold (minutes of
-- the day), or nothing (cancelled, or waiting for a deposit whose hold has lapsed).
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
  ends_minute integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('schedule:read') then
    raise exception 'You may not read the schedule' using errcode = 'insufficient_privilege';
  end if;
  return query
    select b.id, b.full_name, b.moving_from, b.moving_to, b.moving_time,
           coalesce(b.estimated_hours::integer, public.estimated_hours_for(b.property_size)),
           b.status, b.deposit_status, b.hold_expires_at,
           o.span is not null, lower(o.span), upper(o.span)
    from public.bookings b
    left join public.crew_occupancy(array[_day], now()) o on o.booking_id = b.id
    where b.moving_date = _day
    order by o.span is null, lower(o.span), upper(o.span) desc, b.created_at, b.id;
end;
$$;

revoke execute on function public.schedule_day(date) from public, anon;
grant execute on function public.schedule_day(date) to authenticated;

-- For each of _days (at most 100): how many bookings hold a crew, the most crews out at once, the
-- crews it has, whether it is closed (and why), and whether it has a setting of its own (custom).
create function public.schedule_overview(_days date[])
returns table (day date, bookings integer, crews integer, crews_used integer, closed boolean, reason text, custom boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('schedule:read') then
    raise exception 'You may not read the schedule' using errcode = 'insufficient_privilege';
  end if;
  if _days is null or cardinality(_days) > 100 then
    raise exception 'schedule_overview takes at most 100 days' using errcode = 'invalid_parameter_value';
  end if;
  return query
    with used as (
      select l.day, max(l.crews_out) as crews_out from public.crew_levels(_days, now(), null, null, '{}') l group by l.day
    ),
    counted as (
      select o.day, count(*) as bookings from public.crew_occupancy(_days, now()) o group by o.day
    )
    select c.day, coalesce(n.bookings, 0)::integer, c.crews, coalesce(u.crews_out, 0)::integer, c.closed, c.reason, c.custom
    from public.crews_of_days(_days) c
    left join used u on u.day = c.day
    left join counted n on n.day = c.day
    order by c.day;
end;
$$;

revoke execute on function public.schedule_overview(date[]) from public, anon;
grant execute on function public.schedule_overview(date[]) to authenticated;

-- What the office changes (schedule:manage) ------------------------------------------------------------

-- Sets a date's crews (_crews, _closed false), closes it (_closed true, with an optional _reason shown
-- to customers), or gives it back to its weekday (_crews null, _closed false). Bookings already holding
-- crews that day keep them. One history row when something changed; returns whether it did.
create function public.set_schedule_day(_day date, _crews integer, _closed boolean, _reason text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.schedule_days;
  before_setting jsonb;
  after_setting jsonb;
begin
  if not public.has_permission('schedule:manage') then
    raise exception 'You may not change the schedule' using errcode = 'insufficient_privilege';
  end if;
  if _day is null or _closed is null then
    raise exception 'set_schedule_day takes a day and whether it is closed' using errcode = 'invalid_parameter_value';
  end if;
  if _closed and _crews is not null then
    raise exception 'A closed day has no crews' using errcode = 'invalid_parameter_value';
  end if;
  if not _closed and _reason is not null then
    raise exception 'Only a closed day has a reason' using errcode = 'invalid_parameter_value';
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
  return true;
end;
$$;

revoke execute on function public.set_schedule_day(date, integer, boolean, text) from public, anon;
grant execute on function public.set_schedule_day(date, integer, boolean, text) to authenticated;

-- Sets the crews of every weekday: _crews[1] Monday … _crews[7] Sunday. One history row per weekday
-- that changed; returns how many did.
create function public.set_weekday_crews(_crews integer[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if not public.has_permission('schedule:manage') then
    raise exception 'You may not change the schedule' using errcode = 'insufficient_privilege';
  end if;
  if _crews is null or cardinality(_crews) <> 7 or array_position(_crews, null) is not null then
    raise exception 'set_weekday_crews takes the crews of the seven weekdays, Monday first' using errcode = 'invalid_parameter_value';
  end if;
  with wanted as (
    select weekday::smallint as iso_weekday, _crews[weekday] as crews from generate_series(1, 7) as weekday
  ),
  previous as (
    select wc.iso_weekday, wc.crews from public.weekday_crews wc join wanted w using (iso_weekday) where wc.crews <> w.crews for update of wc
  ),
  updated as (
    update public.weekday_crews wc set crews = w.crews, changed_at = now(), changed_by = auth.uid()
    from wanted w where wc.iso_weekday = w.iso_weekday and wc.iso_weekday in (select iso_weekday from previous)
    returning wc.iso_weekday, wc.crews
  ),
  recorded as (
    insert into public.schedule_changes (iso_weekday, before, after, changed_by)
    select u.iso_weekday, jsonb_build_object('crews', p.crews), jsonb_build_object('crews', u.crews), auth.uid()
    from updated u join previous p using (iso_weekday)
    returning 1
  )
  select count(*) into changed from recorded;
  return changed;
end;
$$;

revoke execute on function public.set_weekday_crews(integer[]) from public, anon;
grant execute on function public.set_weekday_crews(integer[]) to authenticated;

-- The check, in the transaction that saves a booking --------------------------------------------------

-- Refuses a booking that would take a crew nobody has: the day is closed (SQLSTATE CP002) or every
-- crew is out at some moment of the minutes it would occupy (CP001). Runs whenever a saved row would
-- hold a crew it did not hold before, or other minutes of it, or renews its hold; a deposit just paid
-- is never refused (the customer has paid: the office sees the day over capacity instead). Saves of
-- one date wait for each other (a transaction lock on the date), so two customers racing for the
-- last crew cannot both have it. The office books over capacity on purpose only: the edit function
-- sets app.over_capacity_booking to the booking's id for its own update.
create function public.enforce_crew_capacity()
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
  if current_setting('app.over_capacity_booking', true) = new.id::text then
    return new;
  end if;

  -- One save per date at a time, until the saving transaction ends.
  perform pg_advisory_xact_lock(20261130, new.moving_date - date '2000-01-01');

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

revoke execute on function public.enforce_crew_capacity() from public, anon, authenticated, service_role;

create trigger bookings_enforce_crew_capacity
  before insert or update of moving_date, moving_time, estimated_hours, property_size, status, deposit_status, hold_expires_at, checkout_expires_at
  on public.bookings
  for each row execute function public.enforce_crew_capacity();

-- The bookings a day's occupancy reads, without visiting the table.
create index bookings_crew_days_idx on public.bookings (moving_date)
  include (id, draft_id, moving_time, estimated_hours, property_size, status, deposit_status, hold_expires_at)
  where status <> 'cancelled';

-- Office edits: over capacity on purpose, and said so in the history --------------------------------

alter table public.booking_edits drop constraint booking_edits_field_check;
alter table public.booking_edits add constraint booking_edits_field_check
  check (field in ('moving_date', 'moving_time', 'moving_from', 'moving_to', 'special_instructions', 'final_cost_cents', 'over_capacity'));

drop function public.update_booking_details(uuid, date, time, text, text, text, integer);

-- As before (each changed field recorded, the row locked meanwhile), and a move to a time with no
-- crew free, or to a closed day, is refused like any other save (CP001, CP002) unless
-- _over_capacity: then it is saved anyway and the history keeps an 'over_capacity' row saying what
-- was full.
create function public.update_booking_details(
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
  end if;
  return changes;
end;
$$;

revoke execute on function public.update_booking_details(uuid, date, time, text, text, text, integer, boolean) from public, anon;
grant execute on function public.update_booking_details(uuid, date, time, text, text, text, integer, boolean) to authenticated;

-- The month calendar's days, answered with less work: a day whose busiest moment still leaves a crew
-- free can take a move at any start that falls in working hours, so only the days already that busy
-- need each start weighed. And a start's peak comes from one ordered pass over the day's steps
-- instead of pairing every step with every start. The answers are the same as before, row for row.

-- For each of _days and each start in _starts: the minutes a move of _hours starting then would
-- occupy, the most crews already out at once during them, and the most out at once all day.
create or replace function public.crew_peaks(_days date[], _starts time[], _hours integer, _at timestamptz, _except_booking uuid, _except_draft uuid)
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
  -- The most out from each step for a move's length. A span cut short at closing needs no shorter
  -- window: every booking's minutes end by closing too, so nothing is out after it.
  ahead as (
    select distinct l.day, l.at_minute,
           max(l.crews_out) over (partition by l.day order by l.at_minute range between current row and (_hours * 60 - 1) following) as peak
    from levels l
  ),
  busiest as (
    select l.day, max(l.crews_out) as peak from levels l group by l.day
  )
  -- Every start's first minute is among the steps (the levels are probed there).
  select d.day, s.starts_at, s.span, coalesce(a.peak, 0)::integer, coalesce(b.peak, 0)::integer
  from (select distinct unnest(_days) as day) d
  cross join starts s
  left join ahead a on a.day = d.day and a.at_minute = lower(s.span)
  left join busiest b on b.day = d.day;
$$;

-- Each day from _from to _to (at most 92): its crews, the most out at once, whether it is closed (and
-- why), and whether it is full: open, yet none of _slots can take a move of _hours. _except_draft and
-- _except_booking as for capacity_slots.
create or replace function public.capacity_days(_from date, _to date, _hours integer, _slots time[], _except_draft uuid default null, _except_booking uuid default null)
returns table (day date, crews integer, crews_used integer, closed boolean, reason text, full boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  days date[];
  left_out uuid := public.capacity_leaves_out(_except_booking);
  -- Whether any of _slots starts a move within working hours at all.
  any_start boolean;
begin
  if _from is null or _to is null or _to < _from or _to - _from > 91 then
    raise exception 'capacity_days takes a range of 1 to 92 days' using errcode = 'invalid_parameter_value';
  end if;
  if _hours is null or _hours not between 1 and 24 or _slots is null or cardinality(_slots) not between 1 and 48 then
    raise exception 'capacity_days takes 1 to 24 hours and 1 to 48 slots' using errcode = 'invalid_parameter_value';
  end if;
  days := array(select generate_series(_from, _to, interval '1 day')::date);
  select bool_or(not isempty(public.booking_crew_minutes(s.slot, _hours, h.opens_at, h.closes_at))) into any_start
  from unnest(_slots) s (slot) cross join public.business_hours h;
  return query
    with busiest as (
      select l.day, max(l.crews_out) as crews_out
      from public.crew_levels(days, now(), left_out, _except_draft, '{}') l
      group by l.day
    ),
    judged as (
      select c.day, c.crews, coalesce(b.crews_out, 0) as crews_out, c.closed, c.reason
      from public.crews_of_days(days) c
      left join busiest b on b.day = c.day
    ),
    -- Only an open day with every crew out at some moment may have no start left.
    crowded as (
      select p.day, bool_or(not isempty(p.span) and p.peak < j.crews) as any_fits
      from public.crew_peaks(array(select j.day from judged j where not j.closed and j.crews_out >= j.crews), _slots, _hours, now(), left_out, _except_draft) p
      join judged j on j.day = p.day
      group by p.day
    )
    select j.day, j.crews, j.crews_out::integer, j.closed, j.reason,
           not j.closed and not coalesce(cr.any_fits, j.crews_out < j.crews and any_start)
    from judged j
    left join crowded cr on cr.day = j.day
    order by j.day;
end;
$$;

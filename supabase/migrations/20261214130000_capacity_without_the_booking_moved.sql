-- The free days and times shown to someone moving a booking leave that booking's own crew out: its
-- present time is free for it, as the crew check at save (enforce_crew_capacity) already counts it.
-- Only a caller who may move the booking may leave it out (its owner, the office with bookings:write,
-- the service role for the holder of its link); anyone else's question counts every booking, so the
-- answer never tells a stranger when another customer's move is.

create function public.capacity_leaves_out(_booking_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select b.id
  from public.bookings b
  where b.id = _booking_id
    and (auth.role() = 'service_role' or b.user_id = (select auth.uid()) or public.has_permission('bookings:write'));
$$;

revoke execute on function public.capacity_leaves_out(uuid) from public, anon, authenticated, service_role;

drop function public.capacity_slots(date, integer, time[], uuid);
drop function public.capacity_days(date, date, integer, time[], uuid);

-- Each of _slots on _day for a move of _hours: whether a crew is free throughout the minutes it would
-- occupy. None fits on a closed day. _except_draft leaves out the booking saved from that wizard draft
-- (the customer's own, which the new answers replace); _except_booking the booking being moved.
create function public.capacity_slots(_day date, _hours integer, _slots time[], _except_draft uuid default null, _except_booking uuid default null)
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
    from public.crew_peaks(array[_day], _slots, _hours, now(), public.capacity_leaves_out(_except_booking), _except_draft) p
    join public.crews_of_days(array[_day]) c on c.day = p.day
    order by p.starts_at;
end;
$$;

revoke execute on function public.capacity_slots(date, integer, time[], uuid, uuid) from public;
grant execute on function public.capacity_slots(date, integer, time[], uuid, uuid) to anon, authenticated, service_role;

-- Each day from _from to _to (at most 92): its crews, the most out at once, whether it is closed (and
-- why), and whether it is full: open, yet none of _slots can take a move of _hours. _except_draft and
-- _except_booking as for capacity_slots.
create function public.capacity_days(_from date, _to date, _hours integer, _slots time[], _except_draft uuid default null, _except_booking uuid default null)
returns table (day date, crews integer, crews_used integer, closed boolean, reason text, full boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  days date[];
  left_out uuid := public.capacity_leaves_out(_except_booking);
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
      from public.crew_peaks(days, _slots, _hours, now(), left_out, _except_draft) p
      join public.crews_of_days(days) c on c.day = p.day
      group by p.day
    )
    select c.day, c.crews, coalesce(f.crews_out, 0)::integer, c.closed, c.reason, not c.closed and not coalesce(f.any_fits, false)
    from public.crews_of_days(days) c
    left join fitting f on f.day = c.day
    order by c.day;
end;
$$;

revoke execute on function public.capacity_days(date, date, integer, time[], uuid, uuid) from public;
grant execute on function public.capacity_days(date, date, integer, time[], uuid, uuid) to anon, authenticated, service_role;

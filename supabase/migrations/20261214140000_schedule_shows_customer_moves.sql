-- The schedule's day says which bookings their customer moved online (how often), so the office sees
-- a move that changed without a phone call. As before otherwise: staff with schedule:read only.

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
  online_reschedules integer
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
           b.online_reschedules::integer
    from public.bookings b
    left join public.crew_occupancy(array[_day], now()) o on o.booking_id = b.id
    where b.moving_date = _day
    order by o.span is null, lower(o.span), upper(o.span) desc, b.created_at, b.id;
end;
$$;

revoke execute on function public.schedule_day(date) from public, anon;
grant execute on function public.schedule_day(date) to authenticated;

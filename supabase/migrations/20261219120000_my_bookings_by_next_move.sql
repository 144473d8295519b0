-- A customer's own bookings in the order they matter to them: upcoming moves first, the soonest
-- first, then past ones, the latest first. Read as the caller (row level security applies) and only
-- the caller's own: an admin asking gets their own bookings, not everyone's.
create function public.my_bookings_page(_limit integer default 10, _offset integer default 0)
returns setof public.bookings
language sql
stable
set search_path = ''
as $$
  select b.*
  from public.bookings b
  where b.user_id = (select auth.uid())
  order by
    b.moving_date < (now() at time zone public.company_time_zone())::date,
    case when b.moving_date >= (now() at time zone public.company_time_zone())::date then b.moving_date end,
    b.moving_date desc,
    b.moving_time,
    b.id
  limit least(greatest(coalesce(_limit, 10), 0), 100)
  offset greatest(coalesce(_offset, 0), 0);
$$;

comment on function public.my_bookings_page(integer, integer) is
  'A page of the caller''s own bookings: upcoming moves the soonest first, then past ones the latest first.';

revoke execute on function public.my_bookings_page(integer, integer) from public, anon;
grant execute on function public.my_bookings_page(integer, integer) to authenticated;

-- The admin analytics page: the value of all bookings (final cost, else estimate, whatever their
-- status), the top services and the last six months, each read through a function that only staff
-- with analytics:read may call, from tallies kept by triggers so years of bookings stay fast.

-- Bookings and their value by service type, kept by a trigger like booking_tallies.
create table public.service_tallies (
  service_type text primary key,
  bookings bigint not null,
  value_cents bigint not null
);

comment on table public.service_tallies is 'Bookings counted by service type; kept by a trigger on bookings, read by admin_analytics_top_services.';

alter table public.service_tallies enable row level security;
revoke all on table public.service_tallies from anon, authenticated, service_role;

-- Takes the old row out of its service's tally and puts the new one in, rows locked in key order.
create function public.tally_service()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.service_tallies as t (service_type, bookings, value_cents)
  select change.service_type, sum(change.bookings), sum(change.value_cents)
  from (
    select old.service_type, -1 as bookings, -coalesce(old.final_cost_cents, old.estimated_cost_cents, 0)::bigint as value_cents
    where tg_op in ('UPDATE', 'DELETE')
    union all
    select new.service_type, 1, coalesce(new.final_cost_cents, new.estimated_cost_cents, 0)::bigint
    where tg_op in ('INSERT', 'UPDATE')
  ) as change
  group by change.service_type
  order by change.service_type
  on conflict (service_type) do update
    set bookings = t.bookings + excluded.bookings, value_cents = t.value_cents + excluded.value_cents;
  return null;
end;
$$;

revoke execute on function public.tally_service() from public, anon, authenticated, service_role;

create trigger bookings_tally_service
  after insert or delete or update of service_type, final_cost_cents, estimated_cost_cents on public.bookings
  for each row execute function public.tally_service();

-- Counts every booking afresh into every tally (the dashboard's, the customers' and the services'):
-- for bookings written with triggers off (bulk loads) and those made before the tallies existed.
create or replace function public.recount_booking_tallies()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.booking_tallies where true;
  insert into public.booking_tallies (created_month, moving_month, status, bookings, value_cents)
  select public.company_month(created_at), date_trunc('month', moving_date)::date, status,
         count(*), sum(coalesce(final_cost_cents, estimated_cost_cents, 0))
  from public.bookings
  group by 1, 2, 3;
  delete from public.service_tallies where true;
  insert into public.service_tallies (service_type, bookings, value_cents)
  select service_type, count(*), sum(coalesce(final_cost_cents, estimated_cost_cents, 0))
  from public.bookings
  group by service_type;
  select public.recount_customer_tallies();
$$;

select public.recount_booking_tallies();

-- Every booking and the value of all of them (final cost, else estimate, in cents, whatever the status).
create function public.admin_analytics_totals()
returns table (total_bookings bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the analytics' using errcode = 'insufficient_privilege';
  end if;
  return query
  select coalesce(sum(t.bookings), 0)::bigint, coalesce(sum(t.value_cents), 0)::bigint
  from public.booking_tallies t;
end;
$$;

revoke execute on function public.admin_analytics_totals() from public, anon;
grant execute on function public.admin_analytics_totals() to authenticated, service_role;

-- The services booked most (ties by value, then name), at most _limit (1 to 20).
create function public.admin_analytics_top_services(_limit integer default 5)
returns table (service_type text, bookings bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the analytics' using errcode = 'insufficient_privilege';
  end if;
  return query
  select t.service_type, t.bookings, t.value_cents
  from public.service_tallies t
  where t.bookings > 0
  order by t.bookings desc, t.value_cents desc, t.service_type
  limit least(greatest(coalesce(_limit, 5), 1), 20);
end;
$$;

revoke execute on function public.admin_analytics_top_services(integer) from public, anon;
grant execute on function public.admin_analytics_top_services(integer) to authenticated, service_role;

-- The six calendar months up to the one _at falls in (the company's time zone), oldest first, each
-- with the bookings made in it and their value; months without bookings are zeros.
create function public.admin_analytics_months(_at timestamptz default now())
returns table (month date, bookings bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the analytics' using errcode = 'insufficient_privilege';
  end if;
  return query
  select m.month::date, coalesce(sum(t.bookings), 0)::bigint, coalesce(sum(t.value_cents), 0)::bigint
  from generate_series(public.company_month(_at) - interval '5 months', public.company_month(_at), interval '1 month') as m(month)
  left join public.booking_tallies t on t.created_month = m.month::date
  group by m.month
  order by m.month;
end;
$$;

revoke execute on function public.admin_analytics_months(timestamptz) from public, anon;
grant execute on function public.admin_analytics_months(timestamptz) to authenticated, service_role;

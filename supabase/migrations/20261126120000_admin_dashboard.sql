-- The admin dashboard: its stat cards and the Users tab's preview, each read through one function
-- that only staff may call, computed in SQL from tallies kept with the bookings so years of bookings
-- stay fast.

-- Tallies of bookings ------------------------------------------------------------------------------

-- How many bookings, and what they are worth (final cost, else estimate, in cents), by the company's
-- calendar month they were made in, the month of the move, and status. Kept by a trigger in the same
-- transaction as every change to a booking, so the dashboard's figures cost a few hundred rows
-- whatever the number of bookings.
create table public.booking_tallies (
  created_month date not null,
  moving_month date not null,
  status text not null,
  bookings bigint not null,
  value_cents bigint not null,
  primary key (created_month, moving_month, status)
);

comment on table public.booking_tallies is 'Bookings counted by month made, month of the move and status; kept by a trigger on bookings, read by admin_dashboard_stats.';

alter table public.booking_tallies enable row level security;
revoke all on table public.booking_tallies from anon, authenticated, service_role;

-- The calendar month (its first day) an instant falls in, in the company's time zone.
create function public.company_month(_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select date_trunc('month', _at at time zone public.company_time_zone())::date;
$$;

grant execute on function public.company_month(timestamptz) to authenticated, service_role;

-- Takes the old row out of its tally and puts the new one in; rows are locked in key order so two
-- changes at once never wait on each other in a circle.
create function public.tally_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.booking_tallies as t (created_month, moving_month, status, bookings, value_cents)
  select change.created_month, change.moving_month, change.status, sum(change.bookings), sum(change.value_cents)
  from (
    select public.company_month(old.created_at) as created_month, date_trunc('month', old.moving_date)::date as moving_month, old.status,
           -1 as bookings, -coalesce(old.final_cost_cents, old.estimated_cost_cents, 0)::bigint as value_cents
    where tg_op in ('UPDATE', 'DELETE')
    union all
    select public.company_month(new.created_at), date_trunc('month', new.moving_date)::date, new.status,
           1, coalesce(new.final_cost_cents, new.estimated_cost_cents, 0)::bigint
    where tg_op in ('INSERT', 'UPDATE')
  ) as change
  group by change.created_month, change.moving_month, change.status
  order by change.created_month, change.moving_month, change.status
  on conflict (created_month, moving_month, status) do update
    set bookings = t.bookings + excluded.bookings, value_cents = t.value_cents + excluded.value_cents;
  return null;
end;
$$;

revoke execute on function public.tally_booking() from public, anon, authenticated, service_role;

create trigger bookings_tally
  after insert or delete or update of created_at, moving_date, status, final_cost_cents, estimated_cost_cents on public.bookings
  for each row execute function public.tally_booking();

-- Counts every booking afresh: for bookings written with triggers off (bulk loads) and those made
-- before the tallies existed.
create function public.recount_booking_tallies()
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
$$;

revoke execute on function public.recount_booking_tallies() from public, anon, authenticated;
grant execute on function public.recount_booking_tallies() to service_role;

select public.recount_booking_tallies();

-- The stat cards -----------------------------------------------------------------------------------

-- The stat cards as of _at (now by default). Months are calendar months in the company's time zone:
-- bookings count in the month they were made; a completed move's revenue (its final cost, else its
-- estimate) counts in the month of the move. The previous month's figures let the app show the
-- growth, or none when there is nothing to compare with.
create function public.admin_dashboard_stats(_at timestamptz default now())
returns table (
  total_bookings bigint,
  bookings_this_month bigint,
  bookings_last_month bigint,
  pending_bookings bigint,
  completed_moves bigint,
  revenue_cents bigint,
  revenue_this_month_cents bigint,
  revenue_last_month_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  this_month_start date := public.company_month(_at);
  last_month_start date := (public.company_month(_at) - interval '1 month')::date;
begin
  if not public.has_permission('bookings:read') then
    raise exception 'You may not read the dashboard' using errcode = 'insufficient_privilege';
  end if;
  return query
  select
    coalesce(sum(t.bookings), 0)::bigint,
    coalesce(sum(t.bookings) filter (where t.created_month = this_month_start), 0)::bigint,
    coalesce(sum(t.bookings) filter (where t.created_month = last_month_start), 0)::bigint,
    coalesce(sum(t.bookings) filter (where t.status = 'pending'), 0)::bigint,
    coalesce(sum(t.bookings) filter (where t.status = 'completed'), 0)::bigint,
    coalesce(sum(t.value_cents) filter (where t.status = 'completed'), 0)::bigint,
    coalesce(sum(t.value_cents) filter (where t.status = 'completed' and t.moving_month = this_month_start), 0)::bigint,
    coalesce(sum(t.value_cents) filter (where t.status = 'completed' and t.moving_month = last_month_start), 0)::bigint
  from public.booking_tallies t;
end;
$$;

revoke execute on function public.admin_dashboard_stats(timestamptz) from public, anon;
grant execute on function public.admin_dashboard_stats(timestamptz) to authenticated, service_role;

-- The Users tab: the newest _limit accounts (at most 100) with their name, email (kept in auth.users,
-- which nobody reads through the API), when they joined and their roles, and how many accounts there
-- are in all.
create function public.admin_users_preview(_limit integer default 10)
returns table (
  user_id uuid,
  full_name text,
  email text,
  joined_at timestamptz,
  roles text[],
  total_users bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('users:read') then
    raise exception 'You may not read the list of users' using errcode = 'insufficient_privilege';
  end if;
  return query
  select
    u.id,
    p.full_name,
    u.email::text,
    u.created_at,
    coalesce((select array_agg(r.role::text order by r.role) from public.user_roles r where r.user_id = u.id), '{}'),
    (select count(*) from auth.users)
  from auth.users u
  left join public.profiles p on p.user_id = u.id
  order by u.created_at desc, u.id
  limit least(greatest(coalesce(_limit, 10), 1), 100);
end;
$$;

revoke execute on function public.admin_users_preview(integer) from public, anon;
grant execute on function public.admin_users_preview(integer) to authenticated, service_role;

-- The admin dashboard: its stat cards and the Users tab's preview, each read through one function
-- that only staff may call, computed in SQL with indexes so years of bookings stay fast.

-- Revenue comes from completed moves: their sums and counts are read from this index alone.
create index bookings_completed_moving_date_idx on public.bookings (moving_date) include (final_cost_cents, estimated_cost_cents)
where status = 'completed';

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
  company_zone text := public.company_time_zone();
  month_start timestamp := date_trunc('month', _at at time zone company_zone);
  last_month_start timestamp := month_start - interval '1 month';
  next_month_start timestamp := month_start + interval '1 month';
begin
  if not public.has_permission('bookings:read') then
    raise exception 'You may not read the dashboard' using errcode = 'insufficient_privilege';
  end if;
  return query
  select
    (select count(*) from public.bookings),
    (select count(*) from public.bookings b
      where b.created_at >= month_start at time zone company_zone and b.created_at < next_month_start at time zone company_zone),
    (select count(*) from public.bookings b
      where b.created_at >= last_month_start at time zone company_zone and b.created_at < month_start at time zone company_zone),
    (select count(*) from public.bookings b where b.status = 'pending'),
    completed.moves,
    completed.revenue,
    completed.revenue_this_month,
    completed.revenue_last_month
  from (
    select
      count(*) as moves,
      coalesce(sum(coalesce(b.final_cost_cents, b.estimated_cost_cents, 0)), 0)::bigint as revenue,
      coalesce(sum(coalesce(b.final_cost_cents, b.estimated_cost_cents, 0))
        filter (where b.moving_date >= month_start::date and b.moving_date < next_month_start::date), 0)::bigint as revenue_this_month,
      coalesce(sum(coalesce(b.final_cost_cents, b.estimated_cost_cents, 0))
        filter (where b.moving_date >= last_month_start::date and b.moving_date < month_start::date), 0)::bigint as revenue_last_month
    from public.bookings b
    where b.status = 'completed'
  ) as completed;
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

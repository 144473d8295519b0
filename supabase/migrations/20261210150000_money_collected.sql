-- Revenue is money collected: deposits paid (a deposit refunded was paid first) less the refunds given
-- back, each in the month it moved in the company's time zone. Balances and tips join here once they
-- are recorded. One function answers it for every page that shows revenue; the value of booked moves
-- (final cost, else estimate) stays a separate figure (admin_analytics_totals).

-- Deposits paid in a month, found by their date.
create index bookings_deposit_paid_at_idx on public.bookings (deposit_paid_at) include (deposit_amount_cents) where deposit_paid_at is not null;

-- Money collected in all, in the calendar month _at falls in and in the month before, in cents.
create function public.admin_money_collected(_at timestamptz default now())
returns table (total_cents bigint, this_month_cents bigint, last_month_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  this_month_from timestamptz := public.company_month(_at)::timestamp at time zone public.company_time_zone();
  last_month_from timestamptz := (public.company_month(_at) - interval '1 month')::timestamp at time zone public.company_time_zone();
  next_month_from timestamptz := (public.company_month(_at) + interval '1 month')::timestamp at time zone public.company_time_zone();
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the revenue' using errcode = 'insufficient_privilege';
  end if;
  return query
  with movements as (
    select b.deposit_paid_at as moved_at, b.deposit_amount_cents::bigint as cents
    from public.bookings b
    where b.deposit_paid_at is not null
    union all
    select r.refunded_at, -r.amount_cents::bigint
    from public.deposit_refunds r
  )
  select
    coalesce(sum(m.cents), 0)::bigint,
    coalesce(sum(m.cents) filter (where m.moved_at >= this_month_from and m.moved_at < next_month_from), 0)::bigint,
    coalesce(sum(m.cents) filter (where m.moved_at >= last_month_from and m.moved_at < this_month_from), 0)::bigint
  from movements m;
end;
$$;

revoke execute on function public.admin_money_collected(timestamptz) from public, anon;
grant execute on function public.admin_money_collected(timestamptz) to authenticated, service_role;

-- The stat cards no longer count a revenue of their own: the dashboard reads admin_money_collected.
drop function public.admin_dashboard_stats(timestamptz);

create function public.admin_dashboard_stats(_at timestamptz default now())
returns table (
  total_bookings bigint,
  bookings_this_month bigint,
  bookings_last_month bigint,
  pending_bookings bigint,
  completed_moves bigint
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
    coalesce(sum(t.bookings) filter (where t.status = 'completed'), 0)::bigint
  from public.booking_tallies t;
end;
$$;

revoke execute on function public.admin_dashboard_stats(timestamptz) from public, anon;
grant execute on function public.admin_dashboard_stats(timestamptz) to authenticated, service_role;

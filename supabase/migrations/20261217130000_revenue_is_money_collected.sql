-- Revenue is money collected, said once: every movement of money is a row of money_movements (a
-- deposit when it was paid, a payment of a bill's balance when it was paid, a refund when it was given
-- back, negative), with the tip of a balance's payment beside it and never in revenue (it is the
-- crew's). The dashboard's figures, the analytics' months and services and the customers' total spent
-- all add up this view; nothing else counts money.

create view public.money_movements
with (security_invoker = true)
as
  select b.id as booking_id, b.deposit_paid_at as moved_at, b.deposit_amount_cents::bigint as revenue_cents, 0::bigint as tip_cents, 'deposit'::text as kind
  from public.bookings b
  where b.deposit_paid_at is not null
  union all
  select p.booking_id, p.paid_at, p.balance_cents::bigint, p.tip_cents::bigint, 'balance'
  from public.bill_payments p
  where p.status = 'paid'
  union all
  select r.booking_id, r.refunded_at, -r.amount_cents::bigint, 0::bigint, 'refund'
  from public.deposit_refunds r;

comment on view public.money_movements is 'Every movement of money, once: deposits and balances paid, refunds given back (negative), tips apart. Revenue is the sum of revenue_cents.';

-- Read only by the staff functions below (security definer), never directly.
revoke all on table public.money_movements from public, anon, authenticated, service_role;

create index bill_payments_booking_paid_idx on public.bill_payments (booking_id) include (balance_cents, tip_cents, paid_at) where status = 'paid';

-- Money collected in all, in the month _at falls in and in the month before, with the tips apart, in cents.
drop function public.admin_money_collected(timestamptz);

create function public.admin_money_collected(_at timestamptz default now())
returns table (
  total_cents bigint,
  this_month_cents bigint,
  last_month_cents bigint,
  tips_total_cents bigint,
  tips_this_month_cents bigint,
  tips_last_month_cents bigint
)
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
  perform public.require_permission('analytics:read');
  return query
  select
    coalesce(sum(m.revenue_cents), 0)::bigint,
    coalesce(sum(m.revenue_cents) filter (where m.moved_at >= this_month_from and m.moved_at < next_month_from), 0)::bigint,
    coalesce(sum(m.revenue_cents) filter (where m.moved_at >= last_month_from and m.moved_at < this_month_from), 0)::bigint,
    coalesce(sum(m.tip_cents), 0)::bigint,
    coalesce(sum(m.tip_cents) filter (where m.moved_at >= this_month_from and m.moved_at < next_month_from), 0)::bigint,
    coalesce(sum(m.tip_cents) filter (where m.moved_at >= last_month_from and m.moved_at < this_month_from), 0)::bigint
  from public.money_movements m;
end;
$$;

revoke execute on function public.admin_money_collected(timestamptz) from public, anon;
grant execute on function public.admin_money_collected(timestamptz) to authenticated, service_role;

-- The last six calendar months up to _at's: bookings made and their value (as before), and the money
-- collected and the tips in each, by when the money moved.
drop function public.admin_analytics_months(timestamptz);

create function public.admin_analytics_months(_at timestamptz default now())
returns table (month date, bookings bigint, value_cents bigint, collected_cents bigint, tips_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  zone text := public.company_time_zone();
  first_month date := (public.company_month(_at) - interval '5 months')::date;
begin
  perform public.require_permission('analytics:read');
  return query
  with money as (
    select date_trunc('month', m.moved_at at time zone zone)::date as month, sum(m.revenue_cents) as collected, sum(m.tip_cents) as tips
    from public.money_movements m
    where m.moved_at >= first_month::timestamp at time zone zone
      and m.moved_at < (public.company_month(_at) + interval '1 month')::timestamp at time zone zone
    group by 1
  ),
  booked as (
    select t.created_month as month, sum(t.bookings) as bookings, sum(t.value_cents) as value_cents
    from public.booking_tallies t
    where t.created_month >= first_month
    group by 1
  )
  select m.month::date,
         coalesce(b.bookings, 0)::bigint, coalesce(b.value_cents, 0)::bigint,
         coalesce(c.collected, 0)::bigint, coalesce(c.tips, 0)::bigint
  from generate_series(first_month, public.company_month(_at), interval '1 month') as m(month)
  left join booked b on b.month = m.month::date
  left join money c on c.month = m.month::date
  order by m.month;
end;
$$;

revoke execute on function public.admin_analytics_months(timestamptz) from public, anon;
grant execute on function public.admin_analytics_months(timestamptz) to authenticated, service_role;

-- The services most booked, with the money collected for each.
drop function public.admin_analytics_top_services(integer);

create function public.admin_analytics_top_services(_limit integer default 5)
returns table (service_type text, bookings bigint, value_cents bigint, collected_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  with top as (
    select t.service_type, t.bookings, t.value_cents
    from public.service_tallies t
    where t.bookings > 0
    order by t.bookings desc, t.value_cents desc, t.service_type
    limit least(greatest(coalesce(_limit, 5), 1), 20)
  ),
  collected as (
    select b.service_type, sum(m.revenue_cents) as cents
    from public.money_movements m
    join public.bookings b on b.id = m.booking_id
    group by b.service_type
  )
  select top.service_type, top.bookings, top.value_cents, coalesce(c.cents, 0)::bigint
  from top
  left join collected c on c.service_type = top.service_type
  order by top.bookings desc, top.value_cents desc, top.service_type;
end;
$$;

revoke execute on function public.admin_analytics_top_services(integer) from public, anon;
grant execute on function public.admin_analytics_top_services(integer) to authenticated, service_role;

-- Customers: their total spent is the money collected for their bookings, added up when a page is
-- read (25 customers), not a tally of its own. The tallies keep counting bookings and naming the
-- latest; a change of money no longer touches them.
drop trigger bookings_tally_customer on public.bookings;

create or replace function public.tally_customer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched text[];
begin
  with change as (
    select lower(old.email) as email_key, -1 as bookings
    where tg_op in ('UPDATE', 'DELETE')
    union all
    select lower(new.email), 1
    where tg_op in ('INSERT', 'UPDATE')
  ),
  applied as (
    insert into public.customer_tallies as t (email_key, bookings)
    select change.email_key, sum(change.bookings)
    from change
    group by change.email_key
    order by change.email_key
    on conflict (email_key) do update set bookings = t.bookings + excluded.bookings
    returning t.email_key
  )
  select array_agg(applied.email_key) into touched from applied;

  update public.customer_tallies t
  set (email, full_name, phone, last_booking_at) = (
    select b.email, b.full_name, b.phone, b.created_at
    from public.bookings b
    where lower(b.email) = t.email_key
    order by b.created_at desc, b.id desc
    limit 1
  )
  where t.email_key = any (touched) and t.bookings > 0;

  delete from public.customer_tallies t where t.email_key = any (touched) and t.bookings <= 0;
  return null;
end;
$$;

alter table public.customer_tallies drop column spent_cents;

create trigger bookings_tally_customer
  after insert or delete or update of email, full_name, phone, created_at
  on public.bookings
  for each row execute function public.tally_customer();

create or replace function public.recount_customer_tallies()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.customer_tallies where true;
  insert into public.customer_tallies (email_key, email, full_name, phone, last_booking_at, bookings)
  select grouped.email_key, latest.email, latest.full_name, latest.phone, latest.created_at, grouped.bookings
  from (
    select lower(b.email) as email_key, count(*) as bookings
    from public.bookings b
    group by lower(b.email)
  ) as grouped
  cross join lateral (
    select b.email, b.full_name, b.phone, b.created_at
    from public.bookings b
    where lower(b.email) = grouped.email_key
    order by b.created_at desc, b.id desc
    limit 1
  ) as latest;
$$;

drop function public.booking_spent_cents(text, text, integer, integer, integer);

create or replace function public.admin_customers_page(_search text default null, _limit integer default 25, _offset integer default 0)
returns table (
  email_key text,
  email text,
  full_name text,
  phone text,
  last_booking_at timestamptz,
  bookings bigint,
  spent_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('customers:read');
  return query
  select t.email_key, t.email, t.full_name, t.phone, t.last_booking_at, t.bookings,
         coalesce((
           select sum(m.revenue_cents)
           from public.bookings b
           join public.money_movements m on m.booking_id = b.id
           where lower(b.email) = t.email_key
         ), 0)::bigint
  from public.customer_tallies t
  where t.bookings > 0
    and (_search is null or btrim(_search) = ''
      or (coalesce(t.full_name, '') || ' ' || coalesce(t.email, '') || ' ' || coalesce(t.phone, ''))
         ilike '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%')
  order by t.last_booking_at desc, t.email_key
  limit least(greatest(coalesce(_limit, 25), 1), 100)
  offset greatest(coalesce(_offset, 0), 0);
end;
$$;

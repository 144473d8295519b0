-- The revenue figures cost the same with 100,000 bookings: money_movements, added up by the company's
-- calendar month the money moved in and the booking's service (money_tallies), and by customer (the
-- spent_cents of customer_tallies), is kept by triggers on the three places money is recorded (a
-- deposit on its booking, a balance's payment, a refund), in the same transaction as each change. The
-- tallies are only ever sums of the view: a recount makes them afresh from it (bulk loads, a new time
-- zone), and the dashboard, the analytics' months and services and the customers' page read them. A
-- crew's tips read the view itself.

create table public.money_tallies (
  month date not null,
  service_type text not null,
  revenue_cents bigint not null,
  tip_cents bigint not null,
  primary key (month, service_type)
);

comment on table public.money_tallies is 'money_movements summed by company month and service: kept by triggers, made afresh by recount_money_tallies.';

alter table public.money_tallies enable row level security;
revoke all on table public.money_tallies from anon, authenticated, service_role;

alter table public.customer_tallies add column spent_cents bigint not null default 0;

-- Adds a movement of money (negative to take one away) to its month and service, and to what its
-- customer (a booking's lower-cased email) spent.
create function public.tally_money(_moved_at timestamptz, _service_type text, _email_key text, _revenue_cents bigint, _tip_cents bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.money_tallies as t (month, service_type, revenue_cents, tip_cents)
  values (public.company_month(_moved_at), _service_type, _revenue_cents, _tip_cents)
  on conflict (month, service_type) do update
    set revenue_cents = t.revenue_cents + excluded.revenue_cents, tip_cents = t.tip_cents + excluded.tip_cents;
  update public.customer_tallies set spent_cents = spent_cents + _revenue_cents where email_key = _email_key;
$$;

revoke execute on function public.tally_money(timestamptz, text, text, bigint, bigint) from public, anon, authenticated, service_role;

create function public.recount_money_tallies()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.money_tallies where true;
  insert into public.money_tallies (month, service_type, revenue_cents, tip_cents)
  select public.company_month(m.moved_at), b.service_type, sum(m.revenue_cents), sum(m.tip_cents)
  from public.money_movements m
  join public.bookings b on b.id = m.booking_id
  group by 1, 2;
  update public.customer_tallies t set spent_cents = coalesce(spent.cents, 0)
  from public.customer_tallies every
  left join (
    select lower(b.email) as email_key, sum(m.revenue_cents) as cents
    from public.money_movements m
    join public.bookings b on b.id = m.booking_id
    group by 1
  ) as spent on spent.email_key = every.email_key
  where t.email_key = every.email_key;
$$;

revoke execute on function public.recount_money_tallies() from public, anon, authenticated;

-- A booking's deposit, counted when paid. A booking whose service or email changes takes its
-- balances and refunds to the new service or customer. A booking deleted takes all its money away
-- first (its payments and refunds go with it, and their own triggers then find no booking and count
-- nothing). It runs after bookings_tally_customer, which makes a new email's customer first.
create function public.tally_booking_money()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform public.tally_money(m.moved_at, old.service_type, lower(old.email), -m.revenue_cents, -m.tip_cents)
    from public.money_movements m where m.booking_id = old.id;
    return old;
  end if;
  if tg_op = 'UPDATE' then
    if old.deposit_paid_at is not null then
      perform public.tally_money(old.deposit_paid_at, old.service_type, lower(old.email), -old.deposit_amount_cents, 0);
    end if;
    if old.service_type is distinct from new.service_type or lower(old.email) is distinct from lower(new.email) then
      perform public.tally_money(m.moved_at, old.service_type, lower(old.email), -m.revenue_cents, -m.tip_cents),
              public.tally_money(m.moved_at, new.service_type, lower(new.email), m.revenue_cents, m.tip_cents)
      from public.money_movements m where m.booking_id = new.id and m.kind <> 'deposit';
    end if;
  end if;
  if new.deposit_paid_at is not null then
    perform public.tally_money(new.deposit_paid_at, new.service_type, lower(new.email), new.deposit_amount_cents, 0);
  end if;
  return null;
end;
$$;

revoke execute on function public.tally_booking_money() from public, anon, authenticated, service_role;

create trigger bookings_tally_money_deleted
  before delete on public.bookings
  for each row execute function public.tally_booking_money();

create trigger bookings_tally_money
  after insert or update of deposit_paid_at, deposit_amount_cents, service_type, email on public.bookings
  for each row execute function public.tally_booking_money();

-- A balance's payment counts while it is paid; a refund while it stands.
create function public.tally_payment_money()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b where b.id = case when tg_op = 'DELETE' then old.booking_id else new.booking_id end;
  -- The booking is being deleted: it took its money away already.
  if not found then
    return null;
  end if;
  if tg_table_name = 'bill_payments' then
    if tg_op <> 'INSERT' and old.status = 'paid' then
      perform public.tally_money(old.paid_at, booking.service_type, lower(booking.email), -old.balance_cents, -old.tip_cents);
    end if;
    if tg_op <> 'DELETE' and new.status = 'paid' then
      perform public.tally_money(new.paid_at, booking.service_type, lower(booking.email), new.balance_cents, new.tip_cents);
    end if;
  else
    if tg_op <> 'INSERT' then
      perform public.tally_money(old.refunded_at, booking.service_type, lower(booking.email), old.amount_cents, 0);
    end if;
    if tg_op <> 'DELETE' then
      perform public.tally_money(new.refunded_at, booking.service_type, lower(booking.email), -new.amount_cents, 0);
    end if;
  end if;
  return null;
end;
$$;

revoke execute on function public.tally_payment_money() from public, anon, authenticated, service_role;

create trigger bill_payments_tally_money
  after insert or delete or update of status, balance_cents, tip_cents, paid_at on public.bill_payments
  for each row execute function public.tally_payment_money();

create trigger deposit_refunds_tally_money
  after insert or delete or update of amount_cents, refunded_at on public.deposit_refunds
  for each row execute function public.tally_payment_money();

-- As before (20261127110000), and the money tallies too: for bulk loads and a new time zone.
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
  select public.recount_money_tallies();
$$;

select public.recount_money_tallies();

-- As before (20261217130000), from the tallies.
create or replace function public.admin_money_collected(_at timestamptz default now())
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
  this_month date := public.company_month(_at);
  last_month date := (public.company_month(_at) - interval '1 month')::date;
begin
  perform public.require_permission('analytics:read');
  return query
  select
    coalesce(sum(t.revenue_cents), 0)::bigint,
    coalesce(sum(t.revenue_cents) filter (where t.month = this_month), 0)::bigint,
    coalesce(sum(t.revenue_cents) filter (where t.month = last_month), 0)::bigint,
    coalesce(sum(t.tip_cents), 0)::bigint,
    coalesce(sum(t.tip_cents) filter (where t.month = this_month), 0)::bigint,
    coalesce(sum(t.tip_cents) filter (where t.month = last_month), 0)::bigint
  from public.money_tallies t;
end;
$$;

create or replace function public.admin_analytics_months(_at timestamptz default now())
returns table (month date, bookings bigint, value_cents bigint, collected_cents bigint, tips_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  first_month date := (public.company_month(_at) - interval '5 months')::date;
begin
  perform public.require_permission('analytics:read');
  return query
  with money as (
    select t.month, sum(t.revenue_cents) as collected, sum(t.tip_cents) as tips
    from public.money_tallies t
    where t.month >= first_month
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

create or replace function public.admin_analytics_top_services(_limit integer default 5)
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
    select t.service_type, sum(t.revenue_cents) as cents from public.money_tallies t group by t.service_type
  )
  select top.service_type, top.bookings, top.value_cents, coalesce(c.cents, 0)::bigint
  from top
  left join collected c on c.service_type = top.service_type
  order by top.bookings desc, top.value_cents desc, top.service_type;
end;
$$;

-- As before (20261217130000), the total spent from the customer's tally.
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
  select t.email_key, t.email, t.full_name, t.phone, t.last_booking_at, t.bookings, t.spent_cents
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

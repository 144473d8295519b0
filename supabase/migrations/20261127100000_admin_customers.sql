-- The admin customer database: customers are bookings grouped by email (compared case-insensitively,
-- guests and signed-in customers alike), kept as one tally row per email by a trigger in the same
-- transaction as every change to a booking, so a page reads 25 small rows whatever the number of
-- bookings. Read through functions that only staff with customers:read may call.

-- What a booking adds to its customer's total spent, in cents: a completed move counts its final
-- cost, else its estimate (the deposit is part of it); any other booking counts its deposit while
-- it is paid and not refunded; nothing else counts.
create function public.booking_spent_cents(_status text, _deposit_status text, _deposit_amount_cents integer, _final_cost_cents integer, _estimated_cost_cents integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select case
    when _status = 'completed' then coalesce(_final_cost_cents, _estimated_cost_cents, 0)::bigint
    when _deposit_status = 'paid' then coalesce(_deposit_amount_cents, 0)::bigint
    else 0::bigint
  end;
$$;

grant execute on function public.booking_spent_cents(text, text, integer, integer, integer) to authenticated, service_role;

-- A customer's latest booking is found through this index, and so is each customer's share of bookings.
create index bookings_email_key_created_at_idx on public.bookings (lower(email), created_at desc, id desc);

-- One row per customer (lower-cased email): how many bookings, what they spent, and the name, email
-- and phone of their most recent booking with its date.
create table public.customer_tallies (
  email_key text primary key,
  email text,
  full_name text,
  phone text,
  last_booking_at timestamptz,
  bookings bigint not null,
  spent_cents bigint not null
);

comment on table public.customer_tallies is 'Bookings grouped by lower(email); kept by a trigger on bookings, read by admin_customers_page.';

alter table public.customer_tallies enable row level security;
revoke all on table public.customer_tallies from anon, authenticated, service_role;

-- The page order (most recent booking first) and the search over what a card shows.
create index customer_tallies_recent_idx on public.customer_tallies (last_booking_at desc, email_key);
create index customer_tallies_search_trgm_idx on public.customer_tallies
  using gin ((coalesce(full_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) extensions.gin_trgm_ops);

-- Takes the old row out of its customer's tally and puts the new one in (rows locked in key order),
-- then copies each touched customer's most recent booking onto the tally and drops customers left
-- with no booking.
create function public.tally_customer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched text[];
begin
  with change as (
    select lower(old.email) as email_key, -1 as bookings,
           -public.booking_spent_cents(old.status, old.deposit_status, old.deposit_amount_cents, old.final_cost_cents, old.estimated_cost_cents) as spent_cents
    where tg_op in ('UPDATE', 'DELETE')
    union all
    select lower(new.email), 1,
           public.booking_spent_cents(new.status, new.deposit_status, new.deposit_amount_cents, new.final_cost_cents, new.estimated_cost_cents)
    where tg_op in ('INSERT', 'UPDATE')
  ),
  applied as (
    insert into public.customer_tallies as t (email_key, bookings, spent_cents)
    select change.email_key, sum(change.bookings), sum(change.spent_cents)
    from change
    group by change.email_key
    order by change.email_key
    on conflict (email_key) do update
      set bookings = t.bookings + excluded.bookings, spent_cents = t.spent_cents + excluded.spent_cents
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

revoke execute on function public.tally_customer() from public, anon, authenticated, service_role;

create trigger bookings_tally_customer
  after insert or delete or update of email, full_name, phone, created_at, status, deposit_status, deposit_amount_cents, final_cost_cents, estimated_cost_cents
  on public.bookings
  for each row execute function public.tally_customer();

-- Groups every booking afresh: for bookings written with triggers off (bulk loads) and those made
-- before the tallies existed.
create function public.recount_customer_tallies()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.customer_tallies where true;
  insert into public.customer_tallies (email_key, email, full_name, phone, last_booking_at, bookings, spent_cents)
  select grouped.email_key, latest.email, latest.full_name, latest.phone, latest.created_at, grouped.bookings, grouped.spent_cents
  from (
    select lower(b.email) as email_key, count(*) as bookings,
           sum(public.booking_spent_cents(b.status, b.deposit_status, b.deposit_amount_cents, b.final_cost_cents, b.estimated_cost_cents))::bigint as spent_cents
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

revoke execute on function public.recount_customer_tallies() from public, anon, authenticated;
grant execute on function public.recount_customer_tallies() to service_role;

select public.recount_customer_tallies();

-- One page of customers, most recent booking first (ties by email).
create function public.admin_customers_page(_search text default null, _limit integer default 25, _offset integer default 0)
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
  if not public.has_permission('customers:read') then
    raise exception 'You may not read the customer database' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_customers_page(text, integer, integer) from public, anon;
grant execute on function public.admin_customers_page(text, integer, integer) to authenticated, service_role;

-- How many customers match _search.
create function public.admin_customers_count(_search text default null)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('customers:read') then
    raise exception 'You may not read the customer database' using errcode = 'insufficient_privilege';
  end if;
  return (
    select count(*)
    from public.customer_tallies t
    where t.bookings > 0
      and (_search is null or btrim(_search) = ''
        or (coalesce(t.full_name, '') || ' ' || coalesce(t.email, '') || ' ' || coalesce(t.phone, ''))
           ilike '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%')
  );
end;
$$;

revoke execute on function public.admin_customers_count(text) from public, anon;
grant execute on function public.admin_customers_count(text) to authenticated, service_role;

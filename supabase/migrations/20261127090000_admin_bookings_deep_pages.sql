-- Deep pages of the admin bookings table. A page first finds its 25 ids walking the sort's index
-- alone (an index-only scan: every column the order and the ids need is in the index), then reads
-- those 25 rows; before, reaching page 2,000 read 50,000 rows from the table to throw them away.
-- How many bookings match, without a search or a move-date range, is summed from booking_tallies
-- instead of counting the table.

-- The expression sorts need their columns in the index for an index-only scan.
drop index public.bookings_customer_sort_idx;
create index bookings_customer_sort_idx on public.bookings (lower(full_name), id) include (full_name);
drop index public.bookings_amount_sort_idx;
create index bookings_amount_sort_idx on public.bookings ((coalesce(final_cost_cents, estimated_cost_cents)), id)
  include (final_cost_cents, estimated_cost_cents);

create or replace function public.admin_bookings_page(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null,
  _sort text default null,
  _descending boolean default false,
  _limit integer default 25,
  _offset integer default 0
)
returns setof public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  direction text := case when _descending then 'desc' else 'asc' end;
  sort_keys text;
  ordering text;
begin
  if not public.has_permission('bookings:read') then
    raise exception 'You may not list bookings' using errcode = 'insufficient_privilege';
  end if;
  sort_keys := case coalesce(_sort, 'booked')
    when 'customer' then 'lower(b.full_name)'
    when 'date' then format('b.moving_date %1$s, b.moving_time', direction)
    when 'service' then 'b.service_type'
    when 'status' then 'b.status'
    when 'amount' then 'coalesce(b.final_cost_cents, b.estimated_cost_cents)'
    when 'booked' then 'b.created_at'
  end;
  if sort_keys is null then
    raise exception 'No such sort: %', _sort using errcode = 'invalid_parameter_value';
  end if;
  ordering := format('%s %s, b.id %s', sort_keys, direction, direction);
  return query execute format(
    'select b.* from public.bookings b
     where b.id in (select b.id from public.bookings b where %s order by %s limit %s offset %s)
     order by %s',
    public.admin_bookings_where(_search, _statuses, _from, _to),
    ordering,
    least(greatest(coalesce(_limit, 25), 0), 1000),
    greatest(coalesce(_offset, 0), 0),
    ordering
  );
end;
$$;

create or replace function public.admin_bookings_count(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null
)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  total bigint;
begin
  if not public.has_permission('bookings:read') then
    raise exception 'You may not list bookings' using errcode = 'insufficient_privilege';
  end if;
  -- The tallies count every booking by status, kept in the same transaction as each write.
  if (_search is null or btrim(_search) = '') and _from is null and _to is null then
    select coalesce(sum(t.bookings), 0)::bigint into total
    from public.booking_tallies t
    where _statuses is null or t.status = any (_statuses);
    return total;
  end if;
  execute format('select count(*) from public.bookings b where %s', public.admin_bookings_where(_search, _statuses, _from, _to)) into total;
  return total;
end;
$$;

-- The admin bookings table: search, status and move-date filters, sorting and paging in SQL, and the
-- CSV export read in keyset chunks. Each function first refuses callers without bookings:read
-- (insufficient_privilege), then reads as its owner (security definer): staff may read every booking
-- anyway, and under row level security PostgreSQL may not use the trigram index for ILIKE (not a
-- leakproof operator), which made every search scan the table.

create extension if not exists pg_trgm with schema extensions;

-- Search runs over one text of the fields staff look people up by; a trigram index serves ILIKE
-- '%…%' on it. The expression here and in admin_bookings_where must stay identical.
create index bookings_search_trgm_idx on public.bookings
  using gin ((full_name || ' ' || email || ' ' || phone || ' ' || moving_from || ' ' || moving_to) extensions.gin_trgm_ops);

-- Each sort walks its own index (backwards for descending), the id breaking ties, so a page never
-- sorts the whole table; the default order (newest booked first) also drives the export's keyset.
create index bookings_created_at_id_idx on public.bookings (created_at, id);
create index bookings_customer_sort_idx on public.bookings (lower(full_name), id);
create index bookings_move_date_sort_idx on public.bookings (moving_date, moving_time, id);
create index bookings_service_sort_idx on public.bookings (service_type, id);
create index bookings_status_sort_idx on public.bookings (status, id);
create index bookings_amount_sort_idx on public.bookings ((coalesce(final_cost_cents, estimated_cost_cents)), id);
-- A status filter with a move-date range (the pending and active pages by date).
create index bookings_status_move_date_idx on public.bookings (status, moving_date);

-- The WHERE clause of a filter, with every value quoted as a literal. Null or empty arguments filter
-- nothing; an empty status list matches nothing.
create function public.admin_bookings_where(_search text, _statuses text[], _from date, _to date)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  conditions text[] := array['true'];
begin
  if _search is not null and btrim(_search) <> '' then
    conditions := conditions || format(
      $f$(b.full_name || ' ' || b.email || ' ' || b.phone || ' ' || b.moving_from || ' ' || b.moving_to) ilike %L$f$,
      '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
    );
  end if;
  if _statuses is not null then
    conditions := conditions || format('b.status = any (%L::text[])', _statuses);
  end if;
  if _from is not null then
    conditions := conditions || format('b.moving_date >= %L::date', _from);
  end if;
  if _to is not null then
    conditions := conditions || format('b.moving_date <= %L::date', _to);
  end if;
  return array_to_string(conditions, ' and ');
end;
$$;

revoke execute on function public.admin_bookings_where(text, text[], date, date) from public, anon;
grant execute on function public.admin_bookings_where(text, text[], date, date) to authenticated, service_role;

-- One page of bookings. _sort: customer, date, service, status, amount, or null for newest booked
-- first; ties go by id in the same direction, so pages never overlap.
create function public.admin_bookings_page(
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
  return query execute format(
    'select b.* from public.bookings b where %s order by %s %s, b.id %s limit %s offset %s',
    public.admin_bookings_where(_search, _statuses, _from, _to),
    sort_keys, direction, direction,
    least(greatest(coalesce(_limit, 25), 0), 1000),
    greatest(coalesce(_offset, 0), 0)
  );
end;
$$;

revoke execute on function public.admin_bookings_page(text, text[], date, date, text, boolean, integer, integer) from public, anon;
grant execute on function public.admin_bookings_page(text, text[], date, date, text, boolean, integer, integer) to authenticated, service_role;

-- How many bookings a filter matches ("Showing 26–50 of N").
create function public.admin_bookings_count(
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
  execute format('select count(*) from public.bookings b where %s', public.admin_bookings_where(_search, _statuses, _from, _to)) into total;
  return total;
end;
$$;

revoke execute on function public.admin_bookings_count(text, text[], date, date) from public, anon;
grant execute on function public.admin_bookings_count(text, text[], date, date) to authenticated, service_role;

-- The export reads newest booked first in chunks after a (created_at, id) cursor: each chunk is an
-- index range scan however deep it is, so exporting every booking costs the same per row throughout.
create function public.admin_bookings_after(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null,
  _before_created_at timestamptz default null,
  _before_id uuid default null,
  _limit integer default 500
)
returns setof public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('bookings:read') then
    raise exception 'You may not list bookings' using errcode = 'insufficient_privilege';
  end if;
  return query execute format(
    'select b.* from public.bookings b where %s and %s order by b.created_at desc, b.id desc limit %s',
    public.admin_bookings_where(_search, _statuses, _from, _to),
    case
      when _before_created_at is null then 'true'
      else format('(b.created_at, b.id) < (%L::timestamptz, %L::uuid)', _before_created_at, coalesce(_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
    end,
    least(greatest(coalesce(_limit, 500), 1), 5000)
  );
end;
$$;

revoke execute on function public.admin_bookings_after(text, text[], date, date, timestamptz, uuid, integer) from public, anon;
grant execute on function public.admin_bookings_after(text, text[], date, date, timestamptz, uuid, integer) to authenticated, service_role;

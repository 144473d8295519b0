-- The office's bookings table filters by where a move's money stands after it: unbilled (the move
-- is done, or its day has passed, and it has no bill), billed (something is left to pay), paid
-- (nothing is left), overdue (something is left two weeks after the bill). Said once, in
-- admin_bookings_where, as conditions on the booking's own columns that an index of each state serves.

-- The bookings that may be unbilled, and those that owe, each newest booked first as the table lists
-- them: a page walks the few thousand of one index, not every booking.
create index bookings_unbilled_idx on public.bookings (created_at) where billed_at is null and status <> 'cancelled';
create index bookings_balance_owed_idx on public.bookings (created_at) where balance_due_cents > 0;

-- As before (20261126100000), and _balance narrows the bookings to one balance state.
drop function public.admin_bookings_page(text, text[], date, date, text, boolean, integer, integer);
drop function public.admin_bookings_count(text, text[], date, date);
drop function public.admin_bookings_after(text, text[], date, date, timestamptz, uuid, integer);
drop function public.admin_bookings_where(text, text[], date, date);

create function public.admin_bookings_where(_search text, _statuses text[], _from date, _to date, _balance text default null)
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
  if _balance is not null then
    if _balance not in ('unbilled', 'billed', 'paid', 'overdue') then
      raise exception 'No such balance state: %', _balance using errcode = 'invalid_parameter_value';
    end if;
    conditions := conditions || case _balance
      when 'unbilled' then format(
        '(b.billed_at is null and b.status <> ''cancelled'' and (b.status = ''completed'' or b.moving_date < %L::date))',
        (now() at time zone public.company_time_zone())::date)
      when 'billed' then format('(b.balance_due_cents > 0 and b.billed_at >= %L::timestamptz)', now() - interval '14 days')
      when 'paid' then 'b.balance_due_cents = 0'
      when 'overdue' then format('(b.balance_due_cents > 0 and b.billed_at < %L::timestamptz)', now() - interval '14 days')
    end;
  end if;
  return array_to_string(conditions, ' and ');
end;
$$;

revoke execute on function public.admin_bookings_where(text, text[], date, date, text) from public, anon;
grant execute on function public.admin_bookings_where(text, text[], date, date, text) to authenticated, service_role;

create function public.admin_bookings_page(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null,
  _sort text default null,
  _descending boolean default false,
  _limit integer default 25,
  _offset integer default 0,
  _balance text default null
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
  perform public.require_permission('bookings:read');
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
    public.admin_bookings_where(_search, _statuses, _from, _to, _balance),
    ordering,
    least(greatest(coalesce(_limit, 25), 0), 1000),
    greatest(coalesce(_offset, 0), 0),
    ordering
  );
end;
$$;

revoke execute on function public.admin_bookings_page(text, text[], date, date, text, boolean, integer, integer, text) from public, anon;
grant execute on function public.admin_bookings_page(text, text[], date, date, text, boolean, integer, integer, text) to authenticated, service_role;

create function public.admin_bookings_count(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null,
  _balance text default null
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
  perform public.require_permission('bookings:read');
  -- The tallies count every booking by status, kept in the same transaction as each write.
  if (_search is null or btrim(_search) = '') and _from is null and _to is null and _balance is null then
    select coalesce(sum(t.bookings), 0)::bigint into total
    from public.booking_tallies t
    where _statuses is null or t.status = any (_statuses);
    return total;
  end if;
  execute format('select count(*) from public.bookings b where %s', public.admin_bookings_where(_search, _statuses, _from, _to, _balance)) into total;
  return total;
end;
$$;

revoke execute on function public.admin_bookings_count(text, text[], date, date, text) from public, anon;
grant execute on function public.admin_bookings_count(text, text[], date, date, text) to authenticated, service_role;

create function public.admin_bookings_after(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null,
  _before_created_at timestamptz default null,
  _before_id uuid default null,
  _limit integer default 500,
  _balance text default null
)
returns setof public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('bookings:read');
  return query execute format(
    'select b.* from public.bookings b where %s and %s order by b.created_at desc, b.id desc limit %s',
    public.admin_bookings_where(_search, _statuses, _from, _to, _balance),
    case
      when _before_created_at is null then 'true'
      else format('(b.created_at, b.id) < (%L::timestamptz, %L::uuid)', _before_created_at, coalesce(_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
    end,
    least(greatest(coalesce(_limit, 500), 1), 5000)
  );
end;
$$;

revoke execute on function public.admin_bookings_after(text, text[], date, date, timestamptz, uuid, integer, text) from public, anon;
grant execute on function public.admin_bookings_after(text, text[], date, date, timestamptz, uuid, integer, text) to authenticated, service_role;

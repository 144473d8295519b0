-- The bookings table lists moves by the next move (20261219110000), and with a filter each of its two
-- parts walks the move-date index until it has a page of matching bookings. The unbilled moves are
-- few (none at all once the office has billed every move), so without an index of their own the
-- walk through the past read every booking that ever moved. This index holds only the bookings the
-- unbilled filter can list: not billed and not cancelled, the moves ahead and the unbilled ones
-- behind, in the table's order, with their status, so that among the moves ahead the completed ones
-- are told from the index alone.
create index bookings_unbilled_by_move_idx on public.bookings (moving_date, moving_time, id)
  include (status)
  where billed_at is null and status <> 'cancelled';

-- As before (20261219110000), and a page's bookings are read once it is known which they are: the
-- parts' places are ordered and cut to the page first, so a deep page reads its 25 bookings, not
-- every booking listed before them.
create or replace function public.admin_bookings_page(
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
  page_size integer := least(greatest(coalesce(_limit, 25), 0), 1000);
  skipped integer := greatest(coalesce(_offset, 0), 0);
  conditions text;
  sort_keys text;
  ordering text;
begin
  perform public.require_permission('bookings:read');
  conditions := public.admin_bookings_where(_search, _statuses, _from, _to, _balance);
  if _sort is null then
    return query execute format(
      'select b.* from (
         select picked.id, picked.part, picked.place from (
           (select upcoming.id, 0 as part, row_number() over (order by upcoming.moving_date, upcoming.moving_time, upcoming.id) as place
              from (select b.id, b.moving_date, b.moving_time from public.bookings b
                    where %1$s and b.moving_date >= %2$L::date
                    order by b.moving_date, b.moving_time, b.id limit %3$s) upcoming)
           union all
           (select past.id, 1, row_number() over (order by past.moving_date desc, past.moving_time desc, past.id desc)
              from (select b.id, b.moving_date, b.moving_time from public.bookings b
                    where %1$s and b.moving_date < %2$L::date
                    order by b.moving_date desc, b.moving_time desc, b.id desc limit %3$s) past)
         ) picked
         order by picked.part, picked.place
         offset %4$s limit %5$s
       ) page
       join public.bookings b on b.id = page.id
       order by page.part, page.place',
      conditions,
      (now() at time zone public.company_time_zone())::date,
      skipped + page_size,
      skipped,
      page_size
    );
    return;
  end if;
  sort_keys := case _sort
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
    conditions,
    ordering,
    page_size,
    skipped,
    ordering
  );
end;
$$;

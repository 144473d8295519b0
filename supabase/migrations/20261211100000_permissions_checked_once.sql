-- Each permission is checked in one place, and a function is callable by nobody but its owner and the
-- service role until a migration grants it.

-- Default privileges of the role that runs the migrations (postgres on hosted Supabase) -----------

-- PostgreSQL lets PUBLIC execute every new function, and Supabase lets anon and authenticated execute
-- every new function in public. The first default is global, so it is revoked globally (a revoke in
-- one schema only undoes a grant made in that schema); the second was granted in schema public, so it
-- is revoked there. The service role keeps its grant; a function meant for users grants them itself.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;

-- require_permission -------------------------------------------------------------------------------

-- Refuses the caller (insufficient_privilege, 42501, naming the permission) unless one of their roles
-- holds _permission; the staff functions call it before anything else. Security invoker: it does
-- nothing its caller could not, and the security-definer functions that call it run as its owner.
create function public.require_permission(_permission text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.has_permission(_permission) then
    raise exception 'You do not have the permission %', _permission using errcode = 'insufficient_privilege';
  end if;
end;
$$;

comment on function public.require_permission(text) is 'Raises insufficient_privilege (42501) unless the caller holds the permission.';

-- The staff functions, as last defined, asking require_permission --------------------------------

create or replace function public.set_booking_status(_booking_id uuid, _status text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.bookings;
begin
  perform public.require_permission('bookings:status');
  update public.bookings set status = _status where id = _booking_id returning * into changed;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  return changed;
end;
$$;

create or replace function public.admin_bookings_after(
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
  perform public.require_permission('bookings:read');
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
  perform public.require_permission('bookings:read');
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
    public.admin_bookings_where(_search, _statuses, _from, _to),
    ordering,
    least(greatest(coalesce(_limit, 25), 0), 1000),
    greatest(coalesce(_offset, 0), 0),
    ordering
  );
end;
$$;

create or replace function public.admin_customers_count(_search text default null)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('customers:read');
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

create or replace function public.admin_analytics_months(_at timestamptz default now())
returns table (month date, bookings bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  select m.month::date, coalesce(sum(t.bookings), 0)::bigint, coalesce(sum(t.value_cents), 0)::bigint
  from generate_series(public.company_month(_at) - interval '5 months', public.company_month(_at), interval '1 month') as m(month)
  left join public.booking_tallies t on t.created_month = m.month::date
  group by m.month
  order by m.month;
end;
$$;

create or replace function public.admin_analytics_top_services(_limit integer default 5)
returns table (service_type text, bookings bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  select t.service_type, t.bookings, t.value_cents
  from public.service_tallies t
  where t.bookings > 0
  order by t.bookings desc, t.value_cents desc, t.service_type
  limit least(greatest(coalesce(_limit, 5), 1), 20);
end;
$$;

create or replace function public.admin_analytics_totals()
returns table (total_bookings bigint, value_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  select coalesce(sum(t.bookings), 0)::bigint, coalesce(sum(t.value_cents), 0)::bigint
  from public.booking_tallies t;
end;
$$;

create or replace function public.last_applied_migration()
returns table (version text, name text, applied_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('settings:write');
  if to_regclass('supabase_migrations.schema_migrations') is null then
    return;
  end if;
  -- Read through to_jsonb: the columns beyond version differ between the hosted table and the embedded one.
  return query execute
    'select m.version::text, to_jsonb(m) ->> ''name'', (to_jsonb(m) ->> ''applied_at'')::timestamptz
     from supabase_migrations.schema_migrations as m
     order by m.version desc
     limit 1';
end;
$$;

create or replace function public.storage_used_by_bucket()
returns table (bucket_id text, objects bigint, bytes bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('settings:write');
  return query
    select bucket.id::text, count(object.id), coalesce(sum((object.metadata ->> 'size')::bigint), 0)::bigint
    from storage.buckets as bucket
    left join storage.objects as object on object.bucket_id = bucket.id
    group by bucket.id
    order by bucket.id;
end;
$$;

create or replace function public.admin_users_count(_search text default null)
returns table (matching bigint, total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('users:read');
  return query
  select
    (select count(*)
     from public.profiles p
     where _search is null or btrim(_search) = ''
       or (coalesce(p.full_name, '') || ' ' || coalesce(p.email, '') || ' ' || coalesce(p.phone, ''))
          ilike '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%'),
    (select count(*) from public.profiles);
end;
$$;

create or replace function public.admin_users_page(_search text default null, _limit integer default 25, _offset integer default 0)
returns table (
  user_id uuid,
  full_name text,
  email text,
  avatar_url text,
  phone text,
  address text,
  bio text,
  joined_at timestamptz,
  roles public.app_role[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('users:read');
  return query
  select
    p.user_id, p.full_name, p.email, p.avatar_url, p.phone, p.address, p.bio, p.created_at,
    coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = p.user_id), '{}')
  from public.profiles p
  where _search is null or btrim(_search) = ''
    or (coalesce(p.full_name, '') || ' ' || coalesce(p.email, '') || ' ' || coalesce(p.phone, ''))
       ilike '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  order by p.created_at desc, p.user_id desc
  limit least(greatest(coalesce(_limit, 25), 1), 100)
  offset greatest(coalesce(_offset, 0), 0);
end;
$$;

create or replace function public.set_user_role(_user_id uuid, _role public.app_role, _granted boolean)
returns table (changed boolean, full_name text, email text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  target_name text;
  target_email text;
  affected integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.user_roles', 0));
  -- Checked after the lock: a caller whose own role was revoked meanwhile is refused.
  perform public.require_permission('users:manage');
  if _role is null or _role not in ('admin', 'moderator') then
    raise exception 'Only the admin and moderator roles are granted or revoked' using errcode = 'invalid_parameter_value';
  end if;
  if _granted is null then
    raise exception 'Say whether the role is granted or revoked' using errcode = 'invalid_parameter_value';
  end if;
  select p.full_name, u.email::text into target_name, target_email
  from auth.users u
  left join public.profiles p on p.user_id = u.id
  where u.id = _user_id;
  if not found then
    raise exception 'No account with id %', _user_id using errcode = 'no_data_found';
  end if;

  if _granted then
    insert into public.user_roles (user_id, role) values (_user_id, _role) on conflict (user_id, role) do nothing;
  else
    if _role = 'admin' and _user_id = auth.uid() then
      raise exception 'You cannot revoke your own admin role.' using errcode = 'check_violation', detail = 'own_admin_role';
    end if;
    if _role = 'admin'
       and exists (select 1 from public.user_roles r where r.user_id = _user_id and r.role = 'admin')
       and (select count(*) from public.user_roles r where r.role = 'admin') <= 1 then
      raise exception 'There must be at least one admin.' using errcode = 'check_violation', detail = 'last_admin';
    end if;
    delete from public.user_roles r where r.user_id = _user_id and r.role = _role;
  end if;
  get diagnostics affected = row_count;

  if affected > 0 then
    insert into public.user_role_changes (changed_by, user_id, role, granted) values (auth.uid(), _user_id, _role, _granted);
  end if;
  return query select affected > 0, target_name, target_email;
end;
$$;

create or replace function public.admin_website_exit_pages(_at timestamptz default now(), _limit integer default 5)
returns table (page_path text, exits bigint, views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  with events as (
    select w.id, w.created_at, w.event_type, w.page_path, coalesce('v:' || w.visitor_id, 's:' || w.session_id) as visitor
    from public.website_analytics w
    where w.created_at > _at - interval '48 hours' and w.created_at <= _at
  ),
  last_pages as (
    select distinct on (e.visitor) e.page_path
    from events e
    where e.visitor is not null
    order by e.visitor, e.created_at desc, e.id desc
  ),
  exits as (
    select l.page_path, count(*) as exits from last_pages l group by l.page_path
  ),
  views as (
    select e.page_path, count(*) as views from events e where e.event_type = 'page_view' group by e.page_path
  )
  select x.page_path, x.exits, coalesce(v.views, 0)::bigint
  from exits x
  left join views v on v.page_path = x.page_path
  order by x.exits desc, coalesce(v.views, 0) desc, x.page_path collate "C"
  limit least(greatest(coalesce(_limit, 5), 1), 20);
end;
$$;

create or replace function public.admin_website_funnel(_pages text[], _at timestamptz default now())
returns table (step integer, page_path text, visitors bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  if coalesce(cardinality(_pages), 0) not between 1 and 20 then
    raise exception 'A funnel has 1 to 20 pages' using errcode = 'invalid_parameter_value';
  end if;
  return query
  select s.step::integer, s.page_path, count(distinct coalesce('v:' || w.visitor_id, 's:' || w.session_id))
  from unnest(_pages) with ordinality as s(page_path, step)
  left join public.website_analytics w
    on w.event_type = 'page_view' and w.page_path = s.page_path and w.created_at > _at - interval '48 hours' and w.created_at <= _at
  group by s.step, s.page_path
  order by s.step;
end;
$$;

create or replace function public.admin_website_hourly_views(_at timestamptz default now())
returns table (hour timestamptz, views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  with counted as (
    select date_trunc('hour', w.created_at, 'UTC') as hour, count(*) as views
    from public.website_analytics w
    where w.event_type = 'page_view' and w.created_at > _at - interval '48 hours' and w.created_at <= _at
    group by 1
  )
  select h.hour, coalesce(c.views, 0)::bigint
  from generate_series(date_trunc('hour', _at - interval '48 hours', 'UTC'), date_trunc('hour', _at, 'UTC'), interval '1 hour') as h(hour)
  left join counted c on c.hour = h.hour
  order by h.hour;
end;
$$;

create or replace function public.admin_website_paid_sources(_paid_page text, _at timestamptz default now(), _limit integer default 5)
returns table (source text, name text, visitors bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  most integer := least(greatest(coalesce(_limit, 5), 1), 20);
begin
  perform public.require_permission('analytics:read');
  return query
  with views as (
    select w.id, w.created_at, w.page_path, w.referrer, coalesce('v:' || w.visitor_id, 's:' || w.session_id) as visitor
    from public.website_analytics w
    where w.event_type = 'page_view' and w.created_at > _at - interval '48 hours' and w.created_at <= _at
      and (w.visitor_id is not null or w.session_id is not null)
  ),
  paid as (
    select distinct v.visitor from views v where v.page_path = _paid_page
  ),
  entries as (
    select distinct on (v.visitor) v.page_path, v.referrer
    from views v
    join paid p on p.visitor = v.visitor
    order by v.visitor, v.created_at, v.id
  ),
  referrers as (
    select 'referrer'::text as source, e.referrer as name, count(*) as visitors
    from entries e group by e.referrer
    order by count(*) desc, e.referrer collate "C" nulls first
    limit most
  ),
  entry_pages as (
    select 'entry_page'::text as source, e.page_path as name, count(*) as visitors
    from entries e group by e.page_path
    order by count(*) desc, e.page_path collate "C"
    limit most
  )
  select r.source, r.name, r.visitors
  from (select * from referrers union all select * from entry_pages) r
  order by r.source desc, r.visitors desc, r.name collate "C" nulls first;
end;
$$;

create or replace function public.admin_website_popular_pages(_at timestamptz default now(), _limit integer default 5)
returns table (page_path text, views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  select w.page_path, count(*)
  from public.website_analytics w
  where w.event_type = 'page_view' and w.created_at > _at - interval '48 hours' and w.created_at <= _at
  group by w.page_path
  order by count(*) desc, w.page_path collate "C"
  limit least(greatest(coalesce(_limit, 5), 1), 20);
end;
$$;

create or replace function public.admin_website_recent_events(_at timestamptz default now(), _limit integer default 10)
returns table (created_at timestamptz, event_type text, page_path text, time_on_page integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  select w.created_at, w.event_type, w.page_path, w.time_on_page
  from public.website_analytics w
  where w.created_at > _at - interval '48 hours' and w.created_at <= _at
  order by w.created_at desc, w.id desc
  limit least(greatest(coalesce(_limit, 10), 1), 50);
end;
$$;

create or replace function public.admin_website_totals(_at timestamptz default now())
returns table (page_views bigint, visitors bigint, anonymous_page_views bigint, timed_visitors bigint, average_seconds_on_site integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('analytics:read');
  return query
  with events as (
    select w.event_type, w.time_on_page, coalesce('v:' || w.visitor_id, 's:' || w.session_id) as visitor
    from public.website_analytics w
    where w.created_at > _at - interval '48 hours' and w.created_at <= _at
  ),
  timed as (
    select e.visitor, sum(e.time_on_page) as seconds
    from events e
    where e.event_type = 'page_exit' and e.visitor is not null and e.time_on_page is not null
    group by e.visitor
  )
  select
    (select count(*) from events e where e.event_type = 'page_view'),
    (select count(distinct e.visitor) from events e),
    (select count(*) from events e where e.event_type = 'page_view' and e.visitor is null),
    (select count(*) from timed),
    (select coalesce(round(avg(t.seconds)), 0)::integer from timed t);
end;
$$;

create or replace function public.schedule_day(_day date)
returns table (
  booking_id uuid,
  full_name text,
  moving_from text,
  moving_to text,
  moving_time time,
  estimated_hours integer,
  status text,
  deposit_status text,
  hold_expires_at timestamptz,
  holds_crew boolean,
  starts_minute integer,
  ends_minute integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('schedule:read');
  return query
    select b.id, b.full_name, b.moving_from, b.moving_to, b.moving_time,
           coalesce(b.estimated_hours::integer, public.estimated_hours_for(b.property_size)),
           b.status, b.deposit_status, b.hold_expires_at,
           o.span is not null, lower(o.span), upper(o.span)
    from public.bookings b
    left join public.crew_occupancy(array[_day], now()) o on o.booking_id = b.id
    where b.moving_date = _day
    order by o.span is null, lower(o.span), upper(o.span) desc, b.created_at, b.id;
end;
$$;

create or replace function public.schedule_overview(_days date[])
returns table (day date, bookings integer, crews integer, crews_used integer, closed boolean, reason text, custom boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('schedule:read');
  if _days is null or cardinality(_days) > 100 then
    raise exception 'schedule_overview takes at most 100 days' using errcode = 'invalid_parameter_value';
  end if;
  return query
    with used as (
      select l.day, max(l.crews_out) as crews_out from public.crew_levels(_days, now(), null, null, '{}') l group by l.day
    ),
    counted as (
      select o.day, count(*) as bookings from public.crew_occupancy(_days, now()) o group by o.day
    )
    select c.day, coalesce(n.bookings, 0)::integer, c.crews, coalesce(u.crews_out, 0)::integer, c.closed, c.reason, c.custom
    from public.crews_of_days(_days) c
    left join used u on u.day = c.day
    left join counted n on n.day = c.day
    order by c.day;
end;
$$;

create or replace function public.set_schedule_day(_day date, _crews integer, _closed boolean, _reason text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.schedule_days;
  before_setting jsonb;
  after_setting jsonb;
begin
  perform public.require_permission('schedule:manage');
  if _day is null or _closed is null then
    raise exception 'set_schedule_day takes a day and whether it is closed' using errcode = 'invalid_parameter_value';
  end if;
  if _closed and _crews is not null then
    raise exception 'A closed day has no crews' using errcode = 'invalid_parameter_value';
  end if;
  if not _closed and _reason is not null then
    raise exception 'Only a closed day has a reason' using errcode = 'invalid_parameter_value';
  end if;

  select * into previous from public.schedule_days where day = _day for update;
  before_setting := case when previous.day is null then null
    when previous.closed then jsonb_build_object('closed', true, 'reason', previous.reason)
    else jsonb_build_object('crews', previous.crews) end;
  after_setting := case when _closed then jsonb_build_object('closed', true, 'reason', nullif(btrim(_reason), ''))
    when _crews is not null then jsonb_build_object('crews', _crews) end;
  if before_setting is not distinct from after_setting then
    return false;
  end if;

  if after_setting is null then
    delete from public.schedule_days where day = _day;
  else
    insert into public.schedule_days as sd (day, crews, closed, reason, changed_at, changed_by)
    values (_day, _crews, _closed, case when _closed then nullif(btrim(_reason), '') end, now(), auth.uid())
    on conflict (day) do update
      set crews = excluded.crews, closed = excluded.closed, reason = excluded.reason,
          changed_at = excluded.changed_at, changed_by = excluded.changed_by;
  end if;
  insert into public.schedule_changes (day, before, after, changed_by) values (_day, before_setting, after_setting, auth.uid());
  return true;
end;
$$;

create or replace function public.set_weekday_crews(_crews integer[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  perform public.require_permission('schedule:manage');
  if _crews is null or cardinality(_crews) <> 7 or array_position(_crews, null) is not null then
    raise exception 'set_weekday_crews takes the crews of the seven weekdays, Monday first' using errcode = 'invalid_parameter_value';
  end if;
  with wanted as (
    select weekday::smallint as iso_weekday, _crews[weekday] as crews from generate_series(1, 7) as weekday
  ),
  previous as (
    select wc.iso_weekday, wc.crews from public.weekday_crews wc join wanted w using (iso_weekday) where wc.crews <> w.crews for update of wc
  ),
  updated as (
    update public.weekday_crews wc set crews = w.crews, changed_at = now(), changed_by = auth.uid()
    from wanted w where wc.iso_weekday = w.iso_weekday and wc.iso_weekday in (select iso_weekday from previous)
    returning wc.iso_weekday, wc.crews
  ),
  recorded as (
    insert into public.schedule_changes (iso_weekday, before, after, changed_by)
    select u.iso_weekday, jsonb_build_object('crews', p.crews), jsonb_build_object('crews', u.crews), auth.uid()
    from updated u join previous p using (iso_weekday)
    returning 1
  )
  select count(*) into changed from recorded;
  return changed;
end;
$$;

create or replace function public.update_booking_details(
  _booking_id uuid,
  _moving_date date,
  _moving_time time,
  _moving_from text,
  _moving_to text,
  _special_instructions text,
  _final_cost_cents integer,
  _over_capacity boolean default false
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.bookings;
  changes integer := 0;
begin
  perform public.require_permission('bookings:write');
  select * into current from public.bookings where id = _booking_id for update;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;

  insert into public.booking_edits (booking_id, field, before, after, changed_by)
  select _booking_id, change.field, change.before, change.after, auth.uid()
  from (values
    ('moving_date', current.moving_date::text, _moving_date::text),
    ('moving_time', current.moving_time::text, _moving_time::text),
    ('moving_from', current.moving_from, _moving_from),
    ('moving_to', current.moving_to, _moving_to),
    ('special_instructions', current.special_instructions, _special_instructions),
    ('final_cost_cents', current.final_cost_cents::text, _final_cost_cents::text)
  ) as change (field, before, after)
  where change.before is distinct from change.after;
  get diagnostics changes = row_count;

  if changes > 0 then
    begin
      update public.bookings
      set moving_date = _moving_date,
          moving_time = _moving_time,
          moving_from = _moving_from,
          moving_to = _moving_to,
          special_instructions = _special_instructions,
          final_cost_cents = _final_cost_cents
      where id = _booking_id;
    exception when sqlstate 'CP001' or sqlstate 'CP002' then
      if not _over_capacity then
        raise;
      end if;
      perform set_config('app.over_capacity_booking', _booking_id::text, true);
      update public.bookings
      set moving_date = _moving_date,
          moving_time = _moving_time,
          moving_from = _moving_from,
          moving_to = _moving_to,
          special_instructions = _special_instructions,
          final_cost_cents = _final_cost_cents
      where id = _booking_id;
      perform set_config('app.over_capacity_booking', '', true);
      insert into public.booking_edits (booking_id, field, before, after, changed_by)
      values (_booking_id, 'over_capacity', null, sqlerrm, auth.uid());
    end;
  end if;
  return changes;
end;
$$;

create or replace function public.record_deposit_refund(_booking_id uuid, _refund_id text, _amount_cents integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking record;
begin
  perform public.require_permission('bookings:write');
  select b.status, b.stripe_payment_intent_id into booking from public.bookings b where b.id = _booking_id;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  if booking.status <> 'cancelled' then
    raise exception 'Refund the deposit only after cancelling the booking.' using errcode = 'object_not_in_prerequisite_state';
  end if;
  if booking.stripe_payment_intent_id is null then
    raise exception 'The booking % has no paid deposit to refund', _booking_id using errcode = 'invalid_parameter_value';
  end if;
  return public.mark_deposit_refunded(booking.stripe_payment_intent_id, _refund_id, _amount_cents, auth.uid());
end;
$$;

create or replace function public.save_company_settings(
  _company_name text,
  _admin_email text,
  _admin_phone text,
  _default_service_area text,
  _business_hours text,
  _emergency_contact text,
  _notifications_enabled boolean,
  _email_alerts boolean,
  _auto_confirm_bookings boolean,
  _executive_name text,
  _executive_title text,
  _analytics_retention_days integer,
  _minimum_lead_days integer,
  _long_moves_run_over boolean
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.app_settings;
  wanted jsonb;
  held jsonb;
  changed_before jsonb;
  changed_after jsonb;
begin
  perform public.require_permission('settings:write');
  select * into current from public.app_settings where id for update;
  if not found then
    raise exception 'The company settings row is missing' using errcode = 'no_data_found';
  end if;

  wanted := jsonb_build_object(
    'company_name', _company_name,
    'admin_email', _admin_email,
    'admin_phone', _admin_phone,
    'default_service_area', _default_service_area,
    'business_hours', _business_hours,
    'emergency_contact', _emergency_contact,
    'notifications_enabled', _notifications_enabled,
    'email_alerts', _email_alerts,
    'auto_confirm_bookings', _auto_confirm_bookings,
    'executive_name', _executive_name,
    'executive_title', _executive_title,
    'analytics_retention_days', _analytics_retention_days,
    'minimum_lead_days', _minimum_lead_days,
    'long_moves_run_over', _long_moves_run_over
  );
  held := to_jsonb(current) - 'id' - 'updated_at' - 'updated_by';

  select coalesce(jsonb_object_agg(field.key, held -> field.key), '{}'), coalesce(jsonb_object_agg(field.key, field.value), '{}')
  into changed_before, changed_after
  from jsonb_each(wanted) as field
  where field.value is distinct from held -> field.key;

  if changed_after = '{}' then
    return 0;
  end if;

  update public.app_settings
  set company_name = _company_name,
      admin_email = _admin_email,
      admin_phone = _admin_phone,
      default_service_area = _default_service_area,
      business_hours = _business_hours,
      emergency_contact = _emergency_contact,
      notifications_enabled = _notifications_enabled,
      email_alerts = _email_alerts,
      auto_confirm_bookings = _auto_confirm_bookings,
      executive_name = _executive_name,
      executive_title = _executive_title,
      analytics_retention_days = _analytics_retention_days,
      minimum_lead_days = _minimum_lead_days,
      long_moves_run_over = _long_moves_run_over
  where id;

  insert into public.app_settings_changes (changed_by, before, after) values (auth.uid(), changed_before, changed_after);
  return (select count(*) from jsonb_object_keys(changed_after));
end;
$$;

create or replace function public.admin_dashboard_stats(_at timestamptz default now())
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
  perform public.require_permission('bookings:read');
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

create or replace function public.admin_money_collected(_at timestamptz default now())
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
  perform public.require_permission('analytics:read');
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

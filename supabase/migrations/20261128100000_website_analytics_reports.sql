-- The Website Analytics tab of /admin: the last 48 hours of website_analytics read through functions
-- that only staff with analytics:read may call (42501 otherwise), each computing its figures in SQL.
-- And how long events are kept: a company setting, and one function the server runs at start and
-- daily that deletes older events and expired visitor-id salts.
--
-- A visitor is their daily visitor id, else their browser's visit id (session_id); events with
-- neither (visitors who send Global Privacy Control or Do Not Track) count as page views only.
-- Every function takes the moment the window ends (_at, now by default): the window is
-- (_at - 48 hours, _at]. Ties are broken by name in byte order (collate "C"), the same everywhere.

-- Indexes ------------------------------------------------------------------------------------------

-- Visitors who reached a page in the window (the funnel's steps, the paid page): page views by path.
-- The window itself is read through website_analytics_created_at_idx; the purge deletes through it too.
create index website_analytics_page_views_idx on public.website_analytics (page_path, created_at) where event_type = 'page_view';

-- Totals -------------------------------------------------------------------------------------------

-- Page views; visitors; page views of nobody (no visitor id and no visit id); and the average time on
-- site: each visitor's seconds on pages (their exits' time_on_page added up), averaged over visitors
-- whose browser reported an exit, in whole seconds.
create function public.admin_website_totals(_at timestamptz default now())
returns table (page_views bigint, visitors bigint, anonymous_page_views bigint, timed_visitors bigint, average_seconds_on_site integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_website_totals(timestamptz) from public, anon;
grant execute on function public.admin_website_totals(timestamptz) to authenticated, service_role;

-- Pages ---------------------------------------------------------------------------------------------

-- The pages viewed most (ties by path), at most _limit (1 to 20).
create function public.admin_website_popular_pages(_at timestamptz default now(), _limit integer default 5)
returns table (page_path text, views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
  return query
  select w.page_path, count(*)
  from public.website_analytics w
  where w.event_type = 'page_view' and w.created_at > _at - interval '48 hours' and w.created_at <= _at
  group by w.page_path
  order by count(*) desc, w.page_path collate "C"
  limit least(greatest(coalesce(_limit, 5), 1), 20);
end;
$$;

revoke execute on function public.admin_website_popular_pages(timestamptz, integer) from public, anon;
grant execute on function public.admin_website_popular_pages(timestamptz, integer) to authenticated, service_role;

-- Where visits end: a visitor's exit is the page of their newest event in the window (so it counts
-- without JavaScript too, and a page hidden and shown again counts once). The pages most left from
-- (ties by views, then path), at most _limit (1 to 20), with that page's views in the window.
create function public.admin_website_exit_pages(_at timestamptz default now(), _limit integer default 5)
returns table (page_path text, exits bigint, views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_website_exit_pages(timestamptz, integer) from public, anon;
grant execute on function public.admin_website_exit_pages(timestamptz, integer) to authenticated, service_role;

-- The newest events of the window, at most _limit (1 to 50).
create function public.admin_website_recent_events(_at timestamptz default now(), _limit integer default 10)
returns table (created_at timestamptz, event_type text, page_path text, time_on_page integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
  return query
  select w.created_at, w.event_type, w.page_path, w.time_on_page
  from public.website_analytics w
  where w.created_at > _at - interval '48 hours' and w.created_at <= _at
  order by w.created_at desc, w.id desc
  limit least(greatest(coalesce(_limit, 10), 1), 50);
end;
$$;

revoke execute on function public.admin_website_recent_events(timestamptz, integer) from public, anon;
grant execute on function public.admin_website_recent_events(timestamptz, integer) to authenticated, service_role;

-- Page views in each UTC hour the window touches, oldest first: 49 hours, the first and last only in
-- part, hours without views as zeros. They add up to the window's page views.
create function public.admin_website_hourly_views(_at timestamptz default now())
returns table (hour timestamptz, views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_website_hourly_views(timestamptz) from public, anon;
grant execute on function public.admin_website_hourly_views(timestamptz) to authenticated, service_role;

-- The booking funnel ------------------------------------------------------------------------------

-- For each of _pages (1 to 20, in order: the landing page, the wizard's steps, the paid page), the
-- visitors who viewed it in the window, however they arrived there.
create function public.admin_website_funnel(_pages text[], _at timestamptz default now())
returns table (step integer, page_path text, visitors bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_website_funnel(text[], timestamptz) from public, anon;
grant execute on function public.admin_website_funnel(text[], timestamptz) to authenticated, service_role;

-- Where the visitors who reached _paid_page in the window came from: the referrer (an origin; null
-- for none) and the path of their first page view in the window, each the _limit (1 to 20) most
-- common (ties by name), as rows of source 'referrer' or 'entry_page'.
create function public.admin_website_paid_sources(_paid_page text, _at timestamptz default now(), _limit integer default 5)
returns table (source text, name text, visitors bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  most integer := least(greatest(coalesce(_limit, 5), 1), 20);
begin
  if not public.has_permission('analytics:read') then
    raise exception 'You may not read the website analytics' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_website_paid_sources(text, timestamptz, integer) from public, anon;
grant execute on function public.admin_website_paid_sources(text, timestamptz, integer) to authenticated, service_role;

-- Retention ----------------------------------------------------------------------------------------

-- How many days events are kept, a company setting (the row already here gets the app's starting
-- value; new rows get it from the app, so the column keeps no default).
alter table public.app_settings
  add column analytics_retention_days integer not null default 400 check (analytics_retention_days between 1 and 3650);
alter table public.app_settings alter column analytics_retention_days drop default;
grant select (analytics_retention_days) on table public.app_settings to anon, authenticated;

-- The settings are saved as before, with the retention among them.
drop function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text);

create function public.save_company_settings(
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
  _analytics_retention_days integer
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
  if not public.has_permission('settings:write') then
    raise exception 'You may not change the company settings' using errcode = 'insufficient_privilege';
  end if;
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
    'analytics_retention_days', _analytics_retention_days
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
      analytics_retention_days = _analytics_retention_days
  where id;

  insert into public.app_settings_changes (changed_by, before, after) values (auth.uid(), changed_before, changed_after);
  return (select count(*) from jsonb_object_keys(changed_after));
end;
$$;

revoke execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text, integer) from public, anon;
grant execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text, integer) to authenticated, service_role;

-- Deletes the events older than the company's retention (none while no settings row exists) and the
-- visitor-id salts older than 48 hours; returns how many of each. Run by every instance at start and
-- daily: one that finds another already at it returns zeros, and two in a row delete nothing twice.
create function public.purge_old_analytics()
returns table (events_deleted bigint, salts_deleted bigint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  keep_days integer;
  events bigint := 0;
  salts bigint;
begin
  if not pg_try_advisory_xact_lock(7428016311) then
    return query select 0::bigint, 0::bigint;
    return;
  end if;
  select s.analytics_retention_days into keep_days from public.app_settings s where s.id;
  if keep_days is not null then
    delete from public.website_analytics w where w.created_at < now() - make_interval(days => keep_days);
    get diagnostics events = row_count;
  end if;
  delete from public.analytics_salts a where a.created_at < now() - interval '48 hours';
  get diagnostics salts = row_count;
  return query select events, salts;
end;
$$;

revoke execute on function public.purge_old_analytics() from public, anon, authenticated;
grant execute on function public.purge_old_analytics() to service_role;

-- The company's time zone is a setting: every date and time of a move, "today", the months of the
-- dashboard and the messages' hours are read on its clock. It was a constant; a company that works in
-- another zone sets its own. Changing it keeps each move's date and time on the wall clock.

-- Whether PostgreSQL knows `_name` as a time zone (an IANA name such as 'America/Chicago').
create function public.is_time_zone(_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = _name);
$$;

alter table public.app_settings
  add column time_zone text not null default 'America/New_York' constraint app_settings_time_zone_known check (public.is_time_zone(time_zone));

comment on column public.app_settings.time_zone is 'The company''s clock: move dates and times, "today" and message hours are read in it.';

-- Everyone reads it: the site states its times in it.
grant select (time_zone) on table public.app_settings to anon, authenticated;

-- The company's clock, from the settings (the default zone until there are settings). Stable, not
-- immutable: it changes when the settings do, so no plan may keep it.
create or replace function public.company_time_zone()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.time_zone from public.app_settings s where s.id), 'America/New_York');
$$;

-- As before; stable now, as the zone they read is.
create or replace function public.move_starts_at(_moving_date date, _moving_time time)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (_moving_date + coalesce(_moving_time, time '08:00')) at time zone public.company_time_zone();
$$;

create or replace function public.company_month(_at timestamptz)
returns date
language sql
stable
set search_path = ''
as $$
  select date_trunc('month', _at at time zone public.company_time_zone())::date;
$$;

-- The dashboard's tallies count bookings by the month they were made in the company's zone: a new zone
-- counts them again.
create function public.recount_tallies_for_new_time_zone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.recount_booking_tallies();
  return null;
end;
$$;

create trigger app_settings_recount_tallies_for_new_time_zone
  after update of time_zone on public.app_settings
  for each row when (old.time_zone is distinct from new.time_zone)
  execute function public.recount_tallies_for_new_time_zone();

revoke execute on function public.is_time_zone(text) from public, anon, authenticated;
revoke execute on function public.recount_tallies_for_new_time_zone() from public, anon, authenticated;

-- Website analytics are recorded by the server only: the beacon endpoint and the page view of each
-- document request, written in batches with the service role. Visitors no longer insert rows
-- through the API, and events carry a daily visitor id instead of anything that identifies a person.

drop policy "Visitors record anonymous events" on public.website_analytics;
drop policy "Users record their own events" on public.website_analytics;
-- Also revokes the column grants given with it.
revoke insert on table public.website_analytics from anon, authenticated;

-- Page views the server counts (and visitors who ask not to be tracked) have no browser session.
alter table public.website_analytics alter column session_id drop not null;

-- A hash of the day's secret salt, the client address and the user agent (128 bits in hex); null for
-- visitors who send Do Not Track or Global Privacy Control.
alter table public.website_analytics add column visitor_id text check (visitor_id ~ '^[0-9a-f]{32}$');

-- page_view, page_exit, custom, and the allow-listed names of what a visitor does on a page.
alter table public.website_analytics drop constraint website_analytics_event_type_check;
alter table public.website_analytics
  add constraint website_analytics_event_type_check check (event_type in ('page_view', 'page_exit', 'custom', 'phone_click', 'email_click'));

-- Unique visitors of a window.
create index website_analytics_visitor_id_created_at_idx on public.website_analytics (visitor_id, created_at) where visitor_id is not null;

-- The secret salt of each UTC day, shared by every instance of the server. Nobody but this file's
-- function reads it; a salt is deleted 48 hours after it was made, so yesterday's visitor ids can no
-- longer be recomputed from an address.
create table public.analytics_salts (
  day date primary key,
  salt text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  created_at timestamptz not null default now()
);

alter table public.analytics_salts enable row level security;
revoke all on table public.analytics_salts from anon, authenticated, service_role;

-- Today's salt (UTC), made by the first instance that asks; older salts are deleted on the way.
create function public.analytics_daily_salt()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
  todays_salt text;
begin
  delete from public.analytics_salts where created_at < now() - interval '48 hours';
  insert into public.analytics_salts (day) values (today) on conflict (day) do nothing;
  select salt into todays_salt from public.analytics_salts where day = today;
  return todays_salt;
end;
$$;

revoke all on function public.analytics_daily_salt() from public, anon, authenticated;
grant execute on function public.analytics_daily_salt() to service_role;

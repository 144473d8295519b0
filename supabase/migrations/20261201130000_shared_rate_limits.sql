-- Rate-limit counters shared by every instance of the server: sign-in, sign-up, reset and
-- verification attempts, the booking flow's costly actions and analytics beacons. A key names the
-- limit and a hash of whom it counts (an address, an email, a user), never the address or the email
-- itself. Only the server reaches them, through the functions below with the service role; expired
-- rows are harmless (the next hit resets them) and purge_expired_rate_limits() deletes them.

create table public.rate_limit_counters (
  key text primary key check (length(key) <= 200),
  points integer not null,
  -- Null: the counter never expires (a block with no end).
  expires_at timestamptz
);

alter table public.rate_limit_counters enable row level security;
revoke all on table public.rate_limit_counters from anon, authenticated, service_role;

create index rate_limit_counters_expires_at_idx on public.rate_limit_counters (expires_at);

-- Adds `_points` to the key's counter in one statement and returns it with the milliseconds before it
-- expires (null: never). An expired counter, or any with `_force_expiry`, starts again at `_points`
-- with a new window of `_duration_ms` (0 or less: no expiry). The database's clock decides expiry, so
-- instances whose clocks differ still agree.
create function public.hit_rate_limit(_key text, _points integer, _duration_ms bigint, _force_expiry boolean default false)
returns table (points integer, ms_before_next bigint)
language sql
security definer
set search_path = ''
as $$
  insert into public.rate_limit_counters as counter (key, points, expires_at)
  values (_key, _points, case when _duration_ms > 0 then clock_timestamp() + make_interval(secs => _duration_ms / 1000.0) end)
  on conflict (key) do update set
    points = case when _force_expiry or counter.expires_at <= clock_timestamp() then excluded.points else counter.points + excluded.points end,
    expires_at = case when _force_expiry or counter.expires_at <= clock_timestamp() then excluded.expires_at else counter.expires_at end
  returning
    counter.points,
    case when counter.expires_at is null then null else greatest(0, ceil(extract(epoch from counter.expires_at - clock_timestamp()) * 1000))::bigint end;
$$;

-- hit_rate_limit for many keys in one statement (each key once): what a server sends for the hits
-- that arrived while its previous call was under way. Rows are locked in key order, so two instances'
-- batches never wait on each other in a circle.
create function public.hit_rate_limits(_keys text[], _points integer[], _durations_ms bigint[])
returns table (key text, points integer, ms_before_next bigint)
language sql
security definer
set search_path = ''
as $$
  insert into public.rate_limit_counters as counter (key, points, expires_at)
  select hit.key, hit.points, case when hit.duration_ms > 0 then clock_timestamp() + make_interval(secs => hit.duration_ms / 1000.0) end
  from unnest(_keys, _points, _durations_ms) as hit (key, points, duration_ms)
  order by hit.key
  on conflict (key) do update set
    points = case when counter.expires_at <= clock_timestamp() then excluded.points else counter.points + excluded.points end,
    expires_at = case when counter.expires_at <= clock_timestamp() then excluded.expires_at else counter.expires_at end
  returning
    counter.key,
    counter.points,
    case when counter.expires_at is null then null else greatest(0, ceil(extract(epoch from counter.expires_at - clock_timestamp()) * 1000))::bigint end;
$$;

-- The key's counter while it has not expired; no row otherwise.
create function public.get_rate_limit(_key text)
returns table (points integer, ms_before_next bigint)
language sql
security definer
set search_path = ''
as $$
  select
    counter.points,
    case when counter.expires_at is null then null else greatest(0, ceil(extract(epoch from counter.expires_at - clock_timestamp()) * 1000))::bigint end
  from public.rate_limit_counters counter
  where counter.key = _key and (counter.expires_at is null or counter.expires_at > clock_timestamp());
$$;

-- Forgets the key's counter; true when there was one.
create function public.delete_rate_limit(_key text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.rate_limit_counters where key = _key;
  get diagnostics deleted = row_count;
  return deleted > 0;
end;
$$;

-- Deletes the counters whose window has ended; returns how many. Safe to run on several instances at
-- once: a row is deleted once.
create function public.purge_expired_rate_limits()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.rate_limit_counters where expires_at <= clock_timestamp();
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

revoke all on function public.hit_rate_limit(text, integer, bigint, boolean) from public, anon, authenticated;
revoke all on function public.hit_rate_limits(text[], integer[], bigint[]) from public, anon, authenticated;
revoke all on function public.get_rate_limit(text) from public, anon, authenticated;
revoke all on function public.delete_rate_limit(text) from public, anon, authenticated;
revoke all on function public.purge_expired_rate_limits() from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, bigint, boolean) to service_role;
grant execute on function public.hit_rate_limits(text[], integer[], bigint[]) to service_role;
grant execute on function public.get_rate_limit(text) to service_role;
grant execute on function public.delete_rate_limit(text) to service_role;
grant execute on function public.purge_expired_rate_limits() to service_role;

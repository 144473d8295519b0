-- Daily housekeeping, run by the server with the service role: booking drafts forgotten after 30 days
-- go with their photos, stored files no row points to go after a day, processed Stripe events after
-- 90 days. Every function here is the service role's alone, returns what it removed (or, for storage,
-- the names the server then removes through the Storage API, so the files go with their rows), and
-- may run on several servers at once: a row or a file is removed once.

-- One daily run across all servers --------------------------------------------------------------------

create table public.housekeeping_runs (
  job text primary key check (char_length(job) between 1 and 64),
  claimed_at timestamptz not null
);

comment on table public.housekeeping_runs is 'When a server last claimed each housekeeping job, so that several servers run it once a day between them.';

alter table public.housekeeping_runs enable row level security;
revoke all on table public.housekeeping_runs from anon, authenticated;
grant select on table public.housekeeping_runs to service_role;

-- True for the one caller that claims the daily run: the first ever, or the first once the last claim
-- is 23 hours old (servers that look every hour then run it about once a day). Concurrent callers
-- meet on the row's lock, and only one of them finds the old claim.
create function public.claim_housekeeping_run()
returns boolean
language sql
security definer
set search_path = ''
as $$
  with claimed as (
    insert into public.housekeeping_runs as r (job, claimed_at) values ('daily', now())
    on conflict (job) do update set claimed_at = excluded.claimed_at
    where r.claimed_at <= now() - interval '23 hours'
    returning 1
  )
  select exists (select 1 from claimed);
$$;

-- Stored files in use --------------------------------------------------------------------------------

-- The storage objects a row points to, in every bucket the app writes: booking photos listed on a
-- draft (image and thumbnail) or attached to a booking (its thumbnail sits beside it, "<name>-thumb.<ext>"),
-- gallery photos and their thumbnails, and avatars named by a profile's or an account's avatar URL.
create function public.storage_names_in_use()
returns table (bucket_id text, name text)
language sql
stable
set search_path = ''
as $$
  select 'booking-images', f.name
  from public.booking_drafts d
  cross join lateral jsonb_array_elements(case when jsonb_typeof(d.data -> 'photos') = 'array' then d.data -> 'photos' else '[]'::jsonb end) p(photo)
  cross join lateral unnest(array[p.photo ->> 'path', p.photo ->> 'thumbPath']) f(name)
  where f.name is not null
  union all
  select 'booking-images', f.name
  from public.booking_images i
  cross join lateral unnest(array[i.path, regexp_replace(i.path, '^(.+)\.(jpg|webp)$', '\1-thumb.\2')]) f(name)
  union all
  select 'user-images', f.name
  from public.user_images i
  cross join lateral unnest(array[i.path, i.thumbnail_path]) f(name)
  where f.name is not null
  union all
  select 'avatars', split_part(split_part(a.url, '/object/public/avatars/', 2), '?', 1)
  from (
    select p.avatar_url from public.profiles p
    union all
    select u.raw_user_meta_data ->> 'avatar_url' from auth.users u
  ) a(url)
  where a.url like '%/object/public/avatars/%';
$$;

revoke execute on function public.storage_names_in_use() from public, anon, authenticated, service_role;

-- Booking drafts ----------------------------------------------------------------------------------------

-- Deletes up to `_limit` (at most 1000) drafts not changed for 30 days, the wizard's own cut-off, and
-- returns how many it deleted with the names of their photos in the booking-images bucket that no row
-- points to any more (a booking saved from the draft keeps the photos attached to it). Only names in
-- the draft owner's folder for that draft are returned. Drafts another caller is deleting are skipped.
create function public.purge_old_booking_drafts(_limit integer default 500)
returns table (drafts_deleted integer, photo_names text[])
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
  names text[];
begin
  with old as (
    select d.id
    from public.booking_drafts d
    where d.updated_at < now() - interval '30 days'
    order by d.updated_at
    limit least(greatest(coalesce(_limit, 0), 0), 1000)
    for update skip locked
  ),
  gone as (
    delete from public.booking_drafts d using old where d.id = old.id
    returning d.id, d.user_id, d.data
  )
  select count(distinct g.id)::integer, coalesce(array_agg(distinct f.name) filter (where f.name is not null), '{}')
  into deleted, names
  from gone g
  left join lateral jsonb_array_elements(case when jsonb_typeof(g.data -> 'photos') = 'array' then g.data -> 'photos' else '[]'::jsonb end) p(photo) on true
  left join lateral unnest(array[p.photo ->> 'path', p.photo ->> 'thumbPath']) f(name)
    on g.user_id is not null and starts_with(f.name, g.user_id::text || '/drafts/' || g.id::text || '/');

  -- A new statement: it no longer sees the drafts just deleted among the rows in use.
  return query
  select deleted, coalesce(array(
    select n from unnest(names) n
    except
    select u.name from public.storage_names_in_use() u where u.bucket_id = 'booking-images'
  ), '{}');
end;
$$;

-- Stored files no row points to ---------------------------------------------------------------------

-- Up to `_limit` (at most 1000) objects of the app's buckets that no row points to and that have not
-- changed for a day, oldest first. The day leaves alone an upload whose row is still to be written.
create function public.orphaned_storage_objects(_limit integer default 1000)
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  with in_use as materialized (
    select u.bucket_id, u.name from public.storage_names_in_use() u
  )
  select o.bucket_id, o.name
  from storage.objects o
  where o.bucket_id in ('booking-images', 'avatars', 'user-images')
    and o.name is not null
    and greatest(o.created_at, o.updated_at) < now() - interval '1 day'
    and not exists (select 1 from in_use u where u.bucket_id = o.bucket_id and u.name = o.name)
  order by o.created_at, o.bucket_id, o.name
  limit least(greatest(coalesce(_limit, 0), 0), 1000);
$$;

-- Processed Stripe events -----------------------------------------------------------------------------

-- Deletes the event ids kept more than 90 days to recognise a redelivery (Stripe retries for three days)
-- and returns how many went.
create function public.purge_old_stripe_events()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.stripe_events e where e.received_at < now() - interval '90 days';
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

-- The service role's alone: customers and staff cannot run or time them.
revoke execute on function public.claim_housekeeping_run() from public, anon, authenticated;
revoke execute on function public.purge_old_booking_drafts(integer) from public, anon, authenticated;
revoke execute on function public.orphaned_storage_objects(integer) from public, anon, authenticated;
revoke execute on function public.purge_old_stripe_events() from public, anon, authenticated;
grant execute on function public.claim_housekeeping_run() to service_role;
grant execute on function public.purge_old_booking_drafts(integer) to service_role;
grant execute on function public.orphaned_storage_objects(integer) to service_role;
grant execute on function public.purge_old_stripe_events() to service_role;

-- The customer's photo gallery and the website analytics events.

create table public.user_images (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  image_url text not null check (char_length(image_url) between 1 and 2048),
  file_name text not null check (char_length(file_name) between 1 and 255),
  -- Object name in the user-images bucket, always inside the owner's folder: "<user id>/<file>".
  path text not null check (char_length(path) between 1 and 1024),
  uploaded_at timestamptz not null default now(),
  unique (user_id, path),
  constraint user_images_path_in_owner_folder check (split_part(path, '/', 1) = user_id::text)
);

-- The gallery, newest first.
create index user_images_user_id_uploaded_at_idx on public.user_images (user_id, uploaded_at desc);

alter table public.user_images enable row level security;

revoke all on table public.user_images from anon, authenticated;
grant all on table public.user_images to service_role;
grant select, delete on table public.user_images to authenticated;
grant insert (user_id, image_url, file_name, path) on table public.user_images to authenticated;

create policy "Users read their own images"
  on public.user_images for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users add their own images"
  on public.user_images for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users delete their own images"
  on public.user_images for delete to authenticated
  using (user_id = (select auth.uid()));

-- website_analytics --------------------------------------------------------------------------------

create table public.website_analytics (
  id uuid primary key default gen_random_uuid(),
  session_id text not null check (char_length(session_id) between 1 and 128),
  user_id uuid references auth.users (id) on delete set null,
  page_path text not null check (char_length(page_path) between 1 and 2048 and left(page_path, 1) = '/'),
  event_type text not null check (event_type in ('page_view', 'page_exit', 'custom')),
  time_on_page integer check (time_on_page between 0 and 86400),
  user_agent text check (char_length(user_agent) <= 1024),
  viewport_width integer check (viewport_width between 0 and 20000),
  viewport_height integer check (viewport_height between 0 and 20000),
  referrer text check (char_length(referrer) <= 2048),
  created_at timestamptz not null default now()
);

-- The 48-hour window newest first, and per-visit grouping.
create index website_analytics_created_at_idx on public.website_analytics (created_at desc);
create index website_analytics_session_id_created_at_idx on public.website_analytics (session_id, created_at);
-- Unlinking a deleted account's events.
create index website_analytics_user_id_idx on public.website_analytics (user_id) where user_id is not null;

alter table public.website_analytics enable row level security;

-- Visitors may record events (never backdated, never in someone else's name) but read none.
revoke all on table public.website_analytics from anon, authenticated;
grant all on table public.website_analytics to service_role;
grant insert (
  session_id, user_id, page_path, event_type, time_on_page, user_agent, viewport_width, viewport_height, referrer
) on table public.website_analytics to anon, authenticated;
grant select on table public.website_analytics to authenticated;

create policy "Visitors record anonymous events"
  on public.website_analytics for insert to anon
  with check (user_id is null);

create policy "Users record their own events"
  on public.website_analytics for insert to authenticated
  with check (user_id is null or user_id = (select auth.uid()));

create policy "Admins read analytics"
  on public.website_analytics for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- Accounts: a profile per auth user, application roles, and the role check every policy relies on.

create type public.app_role as enum ('admin', 'moderator', 'user');

-- Keeps updated_at honest on every table that has one.
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- profiles -----------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  full_name text check (char_length(full_name) <= 200),
  avatar_url text check (char_length(avatar_url) <= 2048),
  phone text check (char_length(phone) <= 40),
  address text check (char_length(address) <= 500),
  bio text check (char_length(bio) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per account, created by handle_new_user at sign-up.';

-- Admin users list, newest first.
create index profiles_created_at_idx on public.profiles (created_at desc);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

-- user_roles ---------------------------------------------------------------------------------------

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

comment on table public.user_roles is 'Application roles; only the service role grants or revokes them.';

-- has_role ----------------------------------------------------------------------------------------

-- Security definer so policies can ask about roles without recursing through user_roles' own policies.
-- Policies call it, and auth.uid(), as (select …): evaluated once per statement instead of once per row.
create function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles where user_id = _user_id and role = _role
  );
$$;

revoke execute on function public.has_role(uuid, public.app_role) from public, anon;
grant execute on function public.has_role(uuid, public.app_role) to authenticated, service_role;

-- Sign-up hook -------------------------------------------------------------------------------------

-- Runs as the table owner: the auth service inserts users with no rights on public tables.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, full_name, avatar_url)
  values (
    new.id,
    left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200),
    left(nullif(btrim(new.raw_user_meta_data ->> 'avatar_url'), ''), 2048)
  )
  on conflict (user_id) do nothing;

  insert into public.user_roles (user_id, role)
  values (new.id, 'user')
  on conflict (user_id, role) do nothing;

  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Privileges and row level security ----------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;

revoke all on table public.profiles, public.user_roles from anon, authenticated;
grant all on table public.profiles, public.user_roles to service_role;

-- Customers keep their own profile; upserts (insert ... on conflict do update) name user_id too.
grant select on table public.profiles to authenticated;
grant insert (user_id, full_name, avatar_url, phone, address, bio) on table public.profiles to authenticated;
grant update (user_id, full_name, avatar_url, phone, address, bio) on table public.profiles to authenticated;

create policy "Users read their own profile"
  on public.profiles for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all profiles"
  on public.profiles for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

create policy "Users create their own profile"
  on public.profiles for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users update their own profile"
  on public.profiles for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

grant select on table public.user_roles to authenticated;

create policy "Users read their own roles"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all roles"
  on public.user_roles for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

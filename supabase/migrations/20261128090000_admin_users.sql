-- The admin users page: every account's profile with its email and roles, searched and paged in SQL,
-- and the admin and moderator roles granted and revoked through one function that checks the caller
-- may manage users, keeps at least one admin, and records each change in user_role_changes in the same
-- transaction.

-- Every account has a profile ---------------------------------------------------------------------

-- The sign-up trigger makes one for each new account; accounts made before it (or whose row went
-- missing) get theirs here, joined when the account was.
insert into public.profiles (user_id, full_name, created_at, updated_at)
select u.id, left(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), 200), coalesce(u.created_at, now()), coalesce(u.created_at, now())
from auth.users u
where not exists (select 1 from public.profiles p where p.user_id = u.id)
on conflict (user_id) do nothing;

-- The account's email on its profile --------------------------------------------------------------

-- Searched with the name and phone through one trigram index. auth.users cannot be indexed by a
-- project's migrations (hosted Supabase refuses new indexes in the auth schema), so the email is
-- copied here and kept equal to the account's by two triggers. Nobody writes it: customers' grants on
-- profiles name their own columns only, and the trigger below overwrites whatever another writer sets.
alter table public.profiles add column email text check (char_length(email) <= 320);

comment on column public.profiles.email is 'The account''s email (auth.users.email), kept by triggers; read by the admin users page.';

-- A profile written (by sign-up, a customer's upsert, the service role) takes its account's email.
create function public.profile_email_from_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.email := (select u.email from auth.users u where u.id = new.user_id);
  return new;
end;
$$;

revoke execute on function public.profile_email_from_account() from public, anon, authenticated;

create trigger profiles_email_from_account
  before insert or update of user_id, email on public.profiles
  for each row execute function public.profile_email_from_account();

-- An account's new email reaches its profile in the same transaction.
create function public.account_email_to_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where user_id = new.id;
  return null;
end;
$$;

revoke execute on function public.account_email_to_profile() from public, anon, authenticated;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.account_email_to_profile();

-- Copied without touching updated_at: nobody changed these profiles.
alter table public.profiles disable trigger profiles_set_updated_at;
update public.profiles p set email = u.email from auth.users u where u.id = p.user_id;
alter table public.profiles enable trigger profiles_set_updated_at;

-- The list's order (newest first, ties by id) and its search over what a card shows.
drop index public.profiles_created_at_idx;
create index profiles_created_at_user_id_idx on public.profiles (created_at desc, user_id desc);
create index profiles_directory_search_trgm_idx on public.profiles
  using gin ((coalesce(full_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) extensions.gin_trgm_ops);

-- Reading: a page of users and how many there are ---------------------------------------------------

-- One page of accounts, newest first, with their roles (admin, moderator, user in that order). Reads
-- as the owner after checking users:read, so the trigram index serves the search (under row level
-- security PostgreSQL would not use it for ILIKE). _search matches the name, email or phone,
-- case-insensitively, its wildcards taken literally.
create function public.admin_users_page(_search text default null, _limit integer default 25, _offset integer default 0)
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
  if not public.has_permission('users:read') then
    raise exception 'You may not read the list of users' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_users_page(text, integer, integer) from public, anon;
grant execute on function public.admin_users_page(text, integer, integer) to authenticated, service_role;

-- How many accounts match _search, and how many there are in all.
create function public.admin_users_count(_search text default null)
returns table (matching bigint, total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('users:read') then
    raise exception 'You may not read the list of users' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.admin_users_count(text) from public, anon;
grant execute on function public.admin_users_count(text) to authenticated, service_role;

-- The Users tab of /admin is the first page of the same list now.
drop function public.admin_users_preview(integer);

-- History ------------------------------------------------------------------------------------------

create table public.user_role_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  -- Who changed it and whose role it was; kept (as null) when either account is deleted later.
  changed_by uuid references auth.users (id) on delete set null,
  user_id uuid references auth.users (id) on delete set null,
  role public.app_role not null,
  -- true: granted; false: revoked.
  granted boolean not null
);

comment on table public.user_role_changes is 'Every grant and revocation of a role made through set_user_role, written by it only.';

create index user_role_changes_user_id_changed_at_idx on public.user_role_changes (user_id, changed_at desc);
create index user_role_changes_changed_by_idx on public.user_role_changes (changed_by);

alter table public.user_role_changes enable row level security;
revoke all on table public.user_role_changes from anon, authenticated, service_role;
grant select on table public.user_role_changes to authenticated, service_role;

create policy "Staff who read users read the role history"
  on public.user_role_changes for select to authenticated
  using ((select public.has_permission('users:read')));

-- Granting and revoking ----------------------------------------------------------------------------

-- Grants (_granted) or revokes the admin or moderator role of an account, for callers holding
-- users:manage (42501 otherwise). Refuses revoking one's own admin role and revoking the last admin
-- (check_violation, with the rule in DETAIL: own_admin_role, last_admin). Role changes take one
-- transaction-scoped lock, so they run one at a time: two admins revoking each other at once cannot
-- both succeed, and the second is checked against what the first did (including losing the right to
-- manage roles). A change writes one user_role_changes row; granting a role held, or revoking one not
-- held, changes nothing and records nothing (changed = false). Returns the account's name and email
-- for the message the page shows.
create function public.set_user_role(_user_id uuid, _role public.app_role, _granted boolean)
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
  if not public.has_permission('users:manage') then
    raise exception 'You may not change the roles of users' using errcode = 'insufficient_privilege';
  end if;
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

revoke execute on function public.set_user_role(uuid, public.app_role, boolean) from public, anon;
grant execute on function public.set_user_role(uuid, public.app_role, boolean) to authenticated, service_role;

comment on table public.user_roles is 'Application roles; granted and revoked through set_user_role (admins), or by the service role.';

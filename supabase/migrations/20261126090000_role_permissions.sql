-- Permissions, not a flag: each role holds a set of permissions, and every policy and admin function
-- asks has_permission(...) about the caller. Admins hold all of them; moderators read everything and
-- change the status of bookings; customers hold none. The app's own map (app/domain/permissions.ts) is
-- compared with this table by a test.

create table public.role_permissions (
  role public.app_role not null,
  permission text not null check (permission ~ '^[a-z]+:[a-z]+$'),
  primary key (role, permission)
);

comment on table public.role_permissions is 'What each role may do; read by has_permission, changed by migrations only.';

insert into public.role_permissions (role, permission)
select 'admin'::public.app_role, permission
from unnest(array[
  'bookings:read', 'bookings:status', 'bookings:write', 'customers:read', 'analytics:read',
  'settings:write', 'users:read', 'users:manage'
]) as permission
union all
select 'moderator'::public.app_role, permission
from unnest(array['bookings:read', 'bookings:status', 'customers:read', 'analytics:read', 'users:read']) as permission;

alter table public.role_permissions enable row level security;
revoke all on table public.role_permissions from anon, authenticated, service_role;
grant select on table public.role_permissions to authenticated, service_role;

create policy "Everyone signed in reads what each role may do"
  on public.role_permissions for select to authenticated
  using (true);

-- has_permission -----------------------------------------------------------------------------------

-- About the caller only (auth.uid()), so it tells nobody anything about anyone else. Security definer
-- so policies can call it without recursing through user_roles' own policies; policies call it as
-- (select …), evaluated once per statement.
create function public.has_permission(_permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles ur
    join public.role_permissions rp on rp.role = ur.role
    where ur.user_id = auth.uid() and rp.permission = _permission
  );
$$;

revoke execute on function public.has_permission(text) from public, anon;
grant execute on function public.has_permission(text) to authenticated, service_role;

-- Reading: whoever may read bookings (admins and moderators) -------------------------------------

drop policy "Admins read all bookings" on public.bookings;
create policy "Staff read all bookings"
  on public.bookings for select to authenticated
  using ((select public.has_permission('bookings:read')));

drop policy "Admins read all booking images" on public.booking_images;
create policy "Staff read all booking images"
  on public.booking_images for select to authenticated
  using ((select public.has_permission('bookings:read')));

drop policy "Admins read every booking's status history" on public.booking_status_events;
create policy "Staff read every booking's status history"
  on public.booking_status_events for select to authenticated
  using ((select public.has_permission('bookings:read')));

drop policy "Admins read all profiles" on public.profiles;
create policy "Staff read all profiles"
  on public.profiles for select to authenticated
  using ((select public.has_permission('customers:read')));

drop policy "Admins read all gallery images" on public.user_images;
create policy "Staff read all gallery images"
  on public.user_images for select to authenticated
  using ((select public.has_permission('customers:read')));

drop policy "Admins read all roles" on public.user_roles;
create policy "Staff read all roles"
  on public.user_roles for select to authenticated
  using ((select public.has_permission('users:read')));

drop policy "Admins read analytics" on public.website_analytics;
create policy "Staff read analytics"
  on public.website_analytics for select to authenticated
  using ((select public.has_permission('analytics:read')));

-- Writing --------------------------------------------------------------------------------------------

drop policy "Admins change the settings" on public.app_settings;
create policy "Whoever may write the settings changes them"
  on public.app_settings for update to authenticated
  using ((select public.has_permission('settings:write')))
  with check ((select public.has_permission('settings:write')));

-- Any status to any status (the check constraint refuses unknown ones); the status trigger writes the
-- history row with the caller as changed_by, in the same transaction.
create or replace function public.set_booking_status(_booking_id uuid, _status text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.bookings;
begin
  if not public.has_permission('bookings:status') then
    raise exception 'You may not change the status of a booking' using errcode = 'insufficient_privilege';
  end if;
  update public.bookings set status = _status where id = _booking_id returning * into changed;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  return changed;
end;
$$;

revoke execute on function public.set_booking_status(uuid, text) from public, anon;
grant execute on function public.set_booking_status(uuid, text) to authenticated, service_role;

-- Stored files: staff open a booking's photos and a customer's gallery from the admin area ---------

create policy "Staff read booking photos"
  on storage.objects for select to authenticated
  using (bucket_id = 'booking-images' and (select public.has_permission('bookings:read')));

create policy "Staff read gallery photos"
  on storage.objects for select to authenticated
  using (bucket_id = 'user-images' and (select public.has_permission('customers:read')));

-- What the admin area reads, and what nobody else may learn: admins read every customer's gallery
-- rows (customer-side code names the customer it wants, so an admin's own gallery stays their own);
-- has_role answers a user about themselves only, and about anyone only admins and the service role;
-- who saved the company settings last is for the service role to read, not for every visitor.

-- Gallery rows: admins read them all --------------------------------------------------------------

create policy "Admins read all gallery images"
  on public.user_images for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- has_role -----------------------------------------------------------------------------------------

-- Every policy asks about the caller (has_role(auth.uid(), …)), which stays allowed. Asking about
-- someone else is for admins, the service role, and the database's own sessions (no request claims:
-- migrations, seeds); anyone else gets insufficient_privilege instead of learning who is an admin.
create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if _user_id is distinct from auth.uid()
     and auth.role() is not null
     and auth.role() <> 'service_role'
     and not exists (select 1 from public.user_roles where user_id = auth.uid() and role = 'admin') then
    raise exception 'Only admins may ask about the roles of another user' using errcode = 'insufficient_privilege';
  end if;
  return exists (select 1 from public.user_roles where user_id = _user_id and role = _role);
end;
$$;

revoke execute on function public.has_role(uuid, public.app_role) from public, anon;
grant execute on function public.has_role(uuid, public.app_role) to authenticated, service_role;

-- app_settings: everything but who saved it -------------------------------------------------------

-- Revoking the table privilege takes back every column; the settings the pages show are granted
-- again column by column, without updated_by.
revoke select on table public.app_settings from anon, authenticated;
grant select (
  id, company_name, admin_email, admin_phone, default_service_area, business_hours, emergency_contact,
  notifications_enabled, email_alerts, auto_confirm_bookings, updated_at
) on table public.app_settings to anon, authenticated;

-- The server's readiness check asks whether the database has every migration its code was built with.
-- The migration tool records each migration it applies in supabase_migrations.schema_migrations
-- (`supabase db push` on a hosted project, the embedded database at start); this returns the newest
-- version there (a UTC timestamp, YYYYMMDDHHMMSS), or null when nothing is recorded or the table does
-- not exist (migrations applied by hand). Only the server asks, with the service role.
create function public.newest_applied_migration()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  newest text;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the service role may read the migrations' using errcode = 'insufficient_privilege';
  end if;
  if to_regclass('supabase_migrations.schema_migrations') is null then
    return null;
  end if;
  select max(version::text) into newest from supabase_migrations.schema_migrations;
  return newest;
end;
$$;

revoke execute on function public.newest_applied_migration() from public, anon, authenticated;
grant execute on function public.newest_applied_migration() to service_role;

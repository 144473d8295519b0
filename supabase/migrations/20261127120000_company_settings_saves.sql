-- The company settings are saved through one function that checks the caller may change them and
-- records what changed (who, when, before and after of the changed fields only) in the same
-- transaction. Nobody updates app_settings directly any more, so no save goes unrecorded.
-- Two staff-only readings for the settings page's System Information: storage used per bucket and
-- the last migration applied.

-- History ------------------------------------------------------------------------------------------

create table public.app_settings_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  changed_by uuid references auth.users (id) on delete set null,
  -- Only the fields that changed, by column name: what they held, and what they hold now.
  before jsonb not null check (jsonb_typeof(before) = 'object'),
  after jsonb not null check (jsonb_typeof(after) = 'object')
);

comment on table public.app_settings_changes is 'Every save of the company settings that changed something, written by save_company_settings only.';

create index app_settings_changes_changed_at_idx on public.app_settings_changes (changed_at);

alter table public.app_settings_changes enable row level security;
revoke all on table public.app_settings_changes from anon, authenticated, service_role;
grant select on table public.app_settings_changes to authenticated, service_role;

create policy "Staff who change the settings read their history"
  on public.app_settings_changes for select to authenticated
  using ((select public.has_permission('settings:write')));

-- Direct updates would leave no history: the function below is the only way in.
drop policy "Whoever may write the settings changes them" on public.app_settings;
revoke update on table public.app_settings from authenticated;

-- Saves every editable setting; the fields whose value differs get one history row (nothing is recorded
-- when nothing changed). The row is locked meanwhile, so two saves at once each record what they really
-- changed. Returns how many fields changed.
create function public.save_company_settings(
  _company_name text,
  _admin_email text,
  _admin_phone text,
  _default_service_area text,
  _business_hours text,
  _emergency_contact text,
  _notifications_enabled boolean,
  _email_alerts boolean,
  _auto_confirm_bookings boolean,
  _executive_name text,
  _executive_title text
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.app_settings;
  wanted jsonb;
  held jsonb;
  changed_before jsonb;
  changed_after jsonb;
begin
  if not public.has_permission('settings:write') then
    raise exception 'You may not change the company settings' using errcode = 'insufficient_privilege';
  end if;
  select * into current from public.app_settings where id for update;
  if not found then
    raise exception 'The company settings row is missing' using errcode = 'no_data_found';
  end if;

  wanted := jsonb_build_object(
    'company_name', _company_name,
    'admin_email', _admin_email,
    'admin_phone', _admin_phone,
    'default_service_area', _default_service_area,
    'business_hours', _business_hours,
    'emergency_contact', _emergency_contact,
    'notifications_enabled', _notifications_enabled,
    'email_alerts', _email_alerts,
    'auto_confirm_bookings', _auto_confirm_bookings,
    'executive_name', _executive_name,
    'executive_title', _executive_title
  );
  held := to_jsonb(current) - 'id' - 'updated_at' - 'updated_by';

  select coalesce(jsonb_object_agg(field.key, held -> field.key), '{}'), coalesce(jsonb_object_agg(field.key, field.value), '{}')
  into changed_before, changed_after
  from jsonb_each(wanted) as field
  where field.value is distinct from held -> field.key;

  if changed_after = '{}' then
    return 0;
  end if;

  update public.app_settings
  set company_name = _company_name,
      admin_email = _admin_email,
      admin_phone = _admin_phone,
      default_service_area = _default_service_area,
      business_hours = _business_hours,
      emergency_contact = _emergency_contact,
      notifications_enabled = _notifications_enabled,
      email_alerts = _email_alerts,
      auto_confirm_bookings = _auto_confirm_bookings,
      executive_name = _executive_name,
      executive_title = _executive_title
  where id;

  insert into public.app_settings_changes (changed_by, before, after) values (auth.uid(), changed_before, changed_after);
  return (select count(*) from jsonb_object_keys(changed_after));
end;
$$;

revoke execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text) from public, anon;
grant execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text) to authenticated, service_role;

-- System Information --------------------------------------------------------------------------------

-- Objects and bytes stored in each bucket (empty buckets included), from the sizes Storage records.
create function public.storage_used_by_bucket()
returns table (bucket_id text, objects bigint, bytes bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('settings:write') then
    raise exception 'You may not read the storage usage' using errcode = 'insufficient_privilege';
  end if;
  return query
    select bucket.id::text, count(object.id), coalesce(sum((object.metadata ->> 'size')::bigint), 0)::bigint
    from storage.buckets as bucket
    left join storage.objects as object on object.bucket_id = bucket.id
    group by bucket.id
    order by bucket.id;
end;
$$;

revoke execute on function public.storage_used_by_bucket() from public, anon;
grant execute on function public.storage_used_by_bucket() to authenticated, service_role;

-- The newest migration recorded by the migration tool: its version (a UTC timestamp, YYYYMMDDHHMMSS),
-- its name, and when it was applied where that is recorded (the hosted table keeps no such time: null).
-- No row when the bookkeeping table does not exist.
create function public.last_applied_migration()
returns table (version text, name text, applied_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_permission('settings:write') then
    raise exception 'You may not read the migrations' using errcode = 'insufficient_privilege';
  end if;
  if to_regclass('supabase_migrations.schema_migrations') is null then
    return;
  end if;
  -- Read through to_jsonb: the columns beyond version differ between the hosted table and the embedded one.
  return query execute
    'select m.version::text, to_jsonb(m) ->> ''name'', (to_jsonb(m) ->> ''applied_at'')::timestamptz
     from supabase_migrations.schema_migrations as m
     order by m.version desc
     limit 1';
end;
$$;

revoke execute on function public.last_applied_migration() from public, anon;
grant execute on function public.last_applied_migration() to authenticated, service_role;

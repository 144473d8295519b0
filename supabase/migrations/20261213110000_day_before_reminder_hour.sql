-- Settings for the mail the company sends. 'Push notifications' leaves: nothing sends push, so the
-- setting promised what the product does not do. The hour of the day-before reminder comes in: the
-- customers' reminder and the office's list of tomorrow's moves go at this hour, company time, between
-- 8:00 and 20:00 (nothing is sent at night). The company's time zone, a setting since the migration
-- before this one, is saved with the rest.

drop function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text, integer, integer, boolean);

alter table public.app_settings drop column notifications_enabled;

alter table public.app_settings
  add column day_before_reminder_hour smallint not null default 17 check (day_before_reminder_hour between 8 and 20);

comment on column public.app_settings.day_before_reminder_hour is
  'The hour (company time, 8 to 20) at which customers get their day-before reminder and the office its list of tomorrow''s moves.';

grant select (day_before_reminder_hour) on table public.app_settings to anon, authenticated;

-- As before (the caller checked, each changed field recorded in the same transaction), without push
-- notifications, with the day-before reminder's hour and the time zone.
create function public.save_company_settings(
  _company_name text,
  _admin_email text,
  _admin_phone text,
  _default_service_area text,
  _business_hours text,
  _emergency_contact text,
  _email_alerts boolean,
  _auto_confirm_bookings boolean,
  _executive_name text,
  _executive_title text,
  _analytics_retention_days integer,
  _minimum_lead_days integer,
  _long_moves_run_over boolean,
  _day_before_reminder_hour integer,
  _time_zone text
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
  perform public.require_permission('settings:write');
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
    'email_alerts', _email_alerts,
    'auto_confirm_bookings', _auto_confirm_bookings,
    'executive_name', _executive_name,
    'executive_title', _executive_title,
    'analytics_retention_days', _analytics_retention_days,
    'minimum_lead_days', _minimum_lead_days,
    'long_moves_run_over', _long_moves_run_over,
    'day_before_reminder_hour', _day_before_reminder_hour,
    'time_zone', _time_zone
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
      email_alerts = _email_alerts,
      auto_confirm_bookings = _auto_confirm_bookings,
      executive_name = _executive_name,
      executive_title = _executive_title,
      analytics_retention_days = _analytics_retention_days,
      minimum_lead_days = _minimum_lead_days,
      long_moves_run_over = _long_moves_run_over,
      day_before_reminder_hour = _day_before_reminder_hour,
      time_zone = _time_zone
  where id;

  insert into public.app_settings_changes (changed_by, before, after) values (auth.uid(), changed_before, changed_after);
  return (select count(*) from jsonb_object_keys(changed_after));
end;
$$;

revoke execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, text, text, integer, integer, boolean, integer, text) from public, anon;
grant execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, text, text, integer, integer, boolean, integer, text) to authenticated, service_role;

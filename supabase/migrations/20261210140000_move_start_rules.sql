-- When a move may start, beside whether a crew is free: not before the company's first bookable date
-- (minimum_lead_days after today where the company works; 1 by default, so no same-day moves; with 0,
-- a start today at least two hours ahead), and only when its estimated hours end by closing, unless the
-- company lets long moves run past closing (long_moves_run_over). The wizard offers only such starts
-- (app/domain/move-start-rules.ts, the same rule); the database refuses any other when a customer's
-- booking is saved or paid for (SQLSTATE CP003), so a crafted post cannot book one.

-- The settings ----------------------------------------------------------------------------------------

alter table public.app_settings
  add column minimum_lead_days integer not null default 1 check (minimum_lead_days between 0 and 60),
  add column long_moves_run_over boolean not null default false;

grant select (minimum_lead_days, long_moves_run_over) on table public.app_settings to anon, authenticated;

drop function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text, integer);

-- As before (the caller checked, each changed field recorded in the same transaction), with the two
-- settings of when moves may start.
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
  _executive_title text,
  _analytics_retention_days integer,
  _minimum_lead_days integer,
  _long_moves_run_over boolean
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
    'executive_title', _executive_title,
    'analytics_retention_days', _analytics_retention_days,
    'minimum_lead_days', _minimum_lead_days,
    'long_moves_run_over', _long_moves_run_over
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
      executive_title = _executive_title,
      analytics_retention_days = _analytics_retention_days,
      minimum_lead_days = _minimum_lead_days,
      long_moves_run_over = _long_moves_run_over
  where id;

  insert into public.app_settings_changes (changed_by, before, after) values (auth.uid(), changed_before, changed_after);
  return (select count(*) from jsonb_object_keys(changed_after));
end;
$$;

revoke execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text, integer, integer, boolean) from public, anon;
grant execute on function public.save_company_settings(text, text, text, text, text, text, boolean, boolean, boolean, text, text, integer, integer, boolean) to authenticated, service_role;

-- The rule --------------------------------------------------------------------------------------------

-- Why a move of _hours from _time (opening when null) on _day may not start, judged at _at on the
-- company's clock: 'too-soon' (before the first bookable date, or today less than two hours ahead),
-- 'past-closing' (its hours end after closing and the company does not let long moves run over), or
-- null when it may.
create function public.move_start_refusal(_day date, _time time, _hours integer, _at timestamptz)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with clock as (
    select (_at at time zone public.company_time_zone()) as wall
  ),
  move as (
    select greatest(coalesce(_time, h.opens_at), h.opens_at) as starts_at, h.closes_at, s.minimum_lead_days, s.long_moves_run_over
    from public.business_hours h cross join public.app_settings s
    where s.id
  )
  select case
    when _day < c.wall::date + m.minimum_lead_days then 'too-soon'
    when _day + m.starts_at < c.wall + interval '2 hours' then 'too-soon'
    when not m.long_moves_run_over
      and extract(epoch from m.starts_at) + coalesce(_hours, 0) * 3600 > extract(epoch from m.closes_at) then 'past-closing'
  end
  from clock c cross join move m;
$$;

revoke execute on function public.move_start_refusal(date, time, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.move_start_refusal(date, time, integer, timestamptz) to service_role;

-- Refuses a customer's save or payment of a move that may not start then (SQLSTATE CP003, the refusal
-- in the details): a booking saved holding a crew while its deposit is unpaid, or whose hold is renewed
-- (the wizard's save at Pay, and Checkout's start). The office's edits and a deposit being paid are
-- never refused by it.
create function public.enforce_move_start_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  refusal text;
begin
  if not (new.status = 'pending' and new.deposit_status = 'unpaid' and coalesce(new.hold_expires_at > now(), false)) then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.hold_expires_at is not distinct from old.hold_expires_at then
    return new;
  end if;
  refusal := public.move_start_refusal(new.moving_date, new.moving_time,
    coalesce(new.estimated_hours::integer, public.estimated_hours_for(new.property_size)), now());
  if refusal is not null then
    raise exception 'A move of % hours cannot start on % at %: %',
      coalesce(new.estimated_hours::integer, public.estimated_hours_for(new.property_size)),
      to_char(new.moving_date, 'YYYY-MM-DD'), coalesce(to_char(new.moving_time, 'HH24:MI'), 'opening'), refusal
      using errcode = 'CP003', detail = refusal;
  end if;
  return new;
end;
$$;

revoke execute on function public.enforce_move_start_rules() from public, anon, authenticated, service_role;

create trigger bookings_enforce_move_start_rules
  before insert or update of moving_date, moving_time, estimated_hours, property_size, status, deposit_status, hold_expires_at
  on public.bookings
  for each row execute function public.enforce_move_start_rules();

-- The office edits a booking whole: besides its date, time, addresses, instructions and final cost, the
-- customer's name, email and phone, the team, the service, the size of the home and the add-ons. What
-- the booking is priced by comes with its new estimate, priced by the app's pricing module (the hours,
-- the total and the lines the customer is shown): the database checks that the lines add up to the
-- total (bookings_quote_adds_up) and refuses a change of what is priced without one, so a booking
-- never holds choices its estimate was not priced for. Each changed field is one history row, in the
-- same transaction; a longer move is judged by the free-time check and the start rules for its new
-- hours, unless the office books it anyway.

alter table public.booking_edits drop constraint booking_edits_field_check;
alter table public.booking_edits add constraint booking_edits_field_check
  check (field in (
    'moving_date', 'moving_time', 'moving_from', 'moving_to', 'special_instructions', 'final_cost_cents', 'over_capacity',
    'full_name', 'email', 'phone', 'team_type', 'service_type', 'property_size',
    'packing_service', 'storage_service', 'cleaning_service', 'extra_movers', 'tv_mounting', 'deep_cleaning_bedrooms',
    'estimated_hours', 'estimated_cost_cents'
  ));

comment on column public.booking_edits.before is
  'The value before, as text: dates YYYY-MM-DD, times HH:MM:SS, cents and counts as digits, add-ons true or false; null where there was none.';

drop function public.update_booking_details(uuid, date, time, text, text, text, integer, boolean);

-- Staff who may change bookings set every detail of one. _quote (with _estimated_hours and
-- _estimated_cost_cents) is the new estimate when what the booking is priced by changes; null keeps
-- the estimate as it was quoted. A new start, or a move made longer, is refused when no crew is free
-- for it (CP001), on a closed day (CP002) or when the company's rules would not let it start then
-- (CP003; a start kept is judged only on whether the longer move still ends by closing) unless
-- _over_capacity: then it is saved and the history gets an 'over_capacity' row saying what was
-- overridden. Returns the fields that changed, in the form's order.
create function public.update_booking_details(
  _booking_id uuid,
  _moving_date date,
  _moving_time time,
  _moving_from text,
  _moving_to text,
  _special_instructions text,
  _final_cost_cents integer,
  _full_name text,
  _email text,
  _phone text,
  _team_type text,
  _service_type text,
  _property_size text,
  _packing_service boolean,
  _storage_service boolean,
  _cleaning_service boolean,
  _extra_movers integer,
  _tv_mounting integer,
  _deep_cleaning_bedrooms integer,
  _estimated_hours integer default null,
  _estimated_cost_cents integer default null,
  _quote jsonb default null,
  _over_capacity boolean default false
)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  current public.bookings;
  repriced boolean := _quote is not null;
  changed text[];
  hours_before integer;
  hours integer;
  refusal text;
  overridden text;
begin
  perform public.require_permission('bookings:write');
  select * into current from public.bookings where id = _booking_id for update;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;

  if repriced and (_estimated_hours is null or _estimated_cost_cents is null) then
    raise exception 'A new estimate needs its hours and its total' using errcode = 'invalid_parameter_value';
  end if;
  if not repriced
     and (current.team_type, current.service_type, current.property_size, current.packing_service, current.storage_service,
          current.cleaning_service, current.extra_movers::integer, current.tv_mounting::integer, current.deep_cleaning_bedrooms::integer)
         is distinct from
         (_team_type, _service_type, _property_size, _packing_service, _storage_service,
          _cleaning_service, _extra_movers, _tv_mounting, _deep_cleaning_bedrooms) then
    raise exception 'A change of what booking % is priced by needs its new estimate', _booking_id using errcode = 'invalid_parameter_value';
  end if;

  hours_before := coalesce(current.estimated_hours::integer, public.estimated_hours_for(current.property_size));
  hours := case when repriced then _estimated_hours else hours_before end;

  -- A new start ahead, or a longer move, is judged by the rules the wizard offers starts by; a date,
  -- time and length kept are not, nor a move already past (the office corrects what took place).
  if (current.moving_date, current.moving_time, hours_before) is distinct from (_moving_date, _moving_time, hours)
     and current.status not in ('cancelled', 'completed')
     and _moving_date >= (now() at time zone public.company_time_zone())::date then
    refusal := public.move_start_refusal(_moving_date, _moving_time, hours, now());
    if refusal = 'too-soon' and (current.moving_date, current.moving_time) is not distinct from (_moving_date, _moving_time) then
      refusal := null;
    end if;
    if refusal is not null and not _over_capacity then
      raise exception 'A move of % hours cannot start on % at %: %', hours, _moving_date, coalesce(to_char(_moving_time, 'HH24:MI'), 'opening'), refusal
        using errcode = 'CP003', detail = refusal;
    end if;
  end if;

  with change (position, field, before, after) as (
    values
      (1, 'full_name', current.full_name, _full_name),
      (2, 'email', current.email, _email),
      (3, 'phone', current.phone, _phone),
      (4, 'moving_date', current.moving_date::text, _moving_date::text),
      (5, 'moving_time', current.moving_time::text, _moving_time::text),
      (6, 'moving_from', current.moving_from, _moving_from),
      (7, 'moving_to', current.moving_to, _moving_to),
      (8, 'property_size', current.property_size, _property_size),
      (9, 'team_type', current.team_type, _team_type),
      (10, 'service_type', current.service_type, _service_type),
      (11, 'packing_service', current.packing_service::text, _packing_service::text),
      (12, 'storage_service', current.storage_service::text, _storage_service::text),
      (13, 'cleaning_service', current.cleaning_service::text, _cleaning_service::text),
      (14, 'extra_movers', current.extra_movers::text, _extra_movers::text),
      (15, 'tv_mounting', current.tv_mounting::text, _tv_mounting::text),
      (16, 'deep_cleaning_bedrooms', current.deep_cleaning_bedrooms::text, _deep_cleaning_bedrooms::text),
      (17, 'special_instructions', current.special_instructions, _special_instructions),
      (18, 'final_cost_cents', current.final_cost_cents::text, _final_cost_cents::text),
      (19, 'estimated_hours', current.estimated_hours::text, case when repriced then _estimated_hours::text else current.estimated_hours::text end),
      (20, 'estimated_cost_cents', current.estimated_cost_cents::text,
           case when repriced then _estimated_cost_cents::text else current.estimated_cost_cents::text end)
  ),
  recorded as (
    insert into public.booking_edits (booking_id, field, before, after, changed_by)
    select _booking_id, c.field, c.before, c.after, auth.uid()
    from change c
    where c.before is distinct from c.after
    returning field
  )
  select coalesce(array_agg(c.field order by c.position), '{}') into changed
  from change c
  where c.field in (select r.field from recorded r);

  if cardinality(changed) = 0 then
    return changed;
  end if;

  -- Saved once; when the free-time check refuses it and the office books it anyway, saved again past
  -- the check (the crew trigger lets only this booking past, and only for a caller who may change bookings).
  for attempt in 1..2 loop
    begin
      update public.bookings
      set full_name = _full_name,
          email = _email,
          phone = _phone,
          moving_date = _moving_date,
          moving_time = _moving_time,
          moving_from = _moving_from,
          moving_to = _moving_to,
          property_size = _property_size,
          team_type = _team_type,
          service_type = _service_type,
          packing_service = _packing_service,
          storage_service = _storage_service,
          cleaning_service = _cleaning_service,
          extra_movers = _extra_movers,
          tv_mounting = _tv_mounting,
          deep_cleaning_bedrooms = _deep_cleaning_bedrooms,
          special_instructions = _special_instructions,
          final_cost_cents = _final_cost_cents,
          estimated_hours = case when repriced then _estimated_hours else estimated_hours end,
          estimated_cost_cents = case when repriced then _estimated_cost_cents else estimated_cost_cents end,
          quote = case when repriced then _quote else quote end
      where id = _booking_id;
      exit;
    exception when sqlstate 'CP001' or sqlstate 'CP002' then
      if not _over_capacity or attempt = 2 then
        raise;
      end if;
      overridden := sqlerrm;
      perform set_config('app.over_capacity_booking', _booking_id::text, true);
    end;
  end loop;

  if overridden is not null then
    perform set_config('app.over_capacity_booking', '', true);
    insert into public.booking_edits (booking_id, field, before, after, changed_by)
    values (_booking_id, 'over_capacity', null, overridden, auth.uid());
  end if;
  if refusal is not null then
    insert into public.booking_edits (booking_id, field, before, after, changed_by)
    values (_booking_id, 'over_capacity', null,
            format('A move of %s hours may not start on %s at %s: %s', hours, _moving_date, coalesce(to_char(_moving_time, 'HH24:MI'), 'opening'), refusal),
            auth.uid());
  end if;
  return changed;
end;
$$;

revoke execute on function public.update_booking_details(
  uuid, date, time, text, text, text, integer, text, text, text, text, text, text, boolean, boolean, boolean, integer, integer, integer,
  integer, integer, jsonb, boolean
) from public, anon;
grant execute on function public.update_booking_details(
  uuid, date, time, text, text, text, integer, text, text, text, text, text, text, boolean, boolean, boolean, integer, integer, integer,
  integer, integer, jsonb, boolean
) to authenticated;

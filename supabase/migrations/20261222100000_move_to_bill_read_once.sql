-- What the office's bill page needs of a move, in one call: the move as it is billed, whether it has
-- a bill already, and, while it has none, what the form offers: the company's crews and the crews of
-- the move's day with the moves holding one (each move's minutes), from which the page picks the
-- schedule's crew for this move by the schedule's own rule. Five reads through the API were one page's
-- largest cost on a busy database. For staff who may bill; the day is given only to those who may read
-- the schedule. No row: no such booking.
create function public.move_to_bill(_booking_id uuid)
returns table (
  id uuid,
  full_name text,
  status text,
  moving_date date,
  moving_time time,
  team_type text,
  service_type text,
  packing_service boolean,
  storage_service boolean,
  cleaning_service boolean,
  extra_movers smallint,
  tv_mounting smallint,
  deep_cleaning_bedrooms smallint,
  deposit_status text,
  deposit_amount_cents integer,
  estimated_cost_cents integer,
  billed boolean,
  crew_numbers smallint[],
  crew_names text[],
  day_crews integer,
  holding_booking_ids uuid[],
  holding_starts integer[],
  holding_ends integer[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  move public.bookings;
  has_bill boolean;
  numbers smallint[];
  names text[];
  crews_that_day integer;
  holding_ids uuid[];
  starts integer[];
  ends integer[];
begin
  perform public.require_permission('bookings:bill');
  select * into move from public.bookings b where b.id = _booking_id;
  if not found then
    return;
  end if;
  has_bill := exists (select 1 from public.booking_bills k where k.booking_id = _booking_id);
  -- A billed move's page shows its bill, not the form: nothing more to read.
  if not has_bill then
    select coalesce(array_agg(c.number order by c.number), '{}'), coalesce(array_agg(c.name order by c.number), '{}')
      into numbers, names
    from public.crews c;
    if public.has_permission('schedule:read') then
      select d.crews into crews_that_day from public.crews_of_days(array[move.moving_date]) d;
      select coalesce(array_agg(o.booking_id order by o.booking_id), '{}'), coalesce(array_agg(lower(o.span) order by o.booking_id), '{}'),
             coalesce(array_agg(upper(o.span) order by o.booking_id), '{}')
        into holding_ids, starts, ends
      from public.crew_occupancy(array[move.moving_date], now()) o;
    end if;
  end if;
  return query
    select move.id, move.full_name, move.status, move.moving_date, move.moving_time, move.team_type, move.service_type,
           move.packing_service, move.storage_service, move.cleaning_service, move.extra_movers, move.tv_mounting,
           move.deep_cleaning_bedrooms, move.deposit_status, move.deposit_amount_cents, move.estimated_cost_cents,
           has_bill, numbers, names, crews_that_day, holding_ids, starts, ends;
end;
$$;

comment on function public.move_to_bill(uuid) is
  'A move as the bill page reads it (bookings:bill): the move, whether it is billed, and while not, the crews and the crews of its day with the moves holding them (schedule:read); no row for no booking.';

revoke execute on function public.move_to_bill(uuid) from public, anon;
grant execute on function public.move_to_bill(uuid) to authenticated;

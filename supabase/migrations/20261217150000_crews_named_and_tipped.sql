-- The crews are the schedule's rows: crew 1 is the first row of a day, and so on. The office names
-- them, a bill records which crew did the move (its name as it was then), and the tips paid with the
-- move's balance are reported per crew and per month for payroll, never as revenue.

create table public.crews (
  number smallint primary key check (number between 1 and 50),
  name text not null unique check (char_length(name) between 1 and 60 and name = btrim(name))
);

comment on table public.crews is 'The names of the schedule''s crews by row number: written by name_crews only.';

-- As many crews as the busiest weekday has, three at least, named by their number until the office names them.
insert into public.crews (number, name)
select n, 'Crew ' || n
from generate_series(1, greatest(3, (select coalesce(max(w.crews), 3) from public.weekday_crews w))) as n;

alter table public.crews enable row level security;
revoke all on table public.crews from anon, authenticated, service_role;
grant select on table public.crews to authenticated, service_role;

create policy "Staff read the crews' names" on public.crews for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- Names crews 1 to N (_names: a JSON array of N names, N at most 50), for staff who manage the
-- schedule; crews beyond N are dropped unless a bill names them. A blank, repeated or too long name is
-- refused (P0001 'name') and nothing changes.
create function public.name_crews(_names jsonb)
returns setof public.crews
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('schedule:manage');
  if jsonb_typeof(_names) is distinct from 'array' or jsonb_array_length(_names) not between 1 and 50 then
    raise exception 'name' using errcode = 'P0001', detail = 'Between 1 and 50 crew names.';
  end if;
  if exists (
    select 1 from jsonb_array_elements(_names) as given(name)
    where jsonb_typeof(given.name) <> 'string' or char_length(btrim(given.name #>> '{}')) not between 1 and 60
  ) or (select count(distinct lower(btrim(given.name #>> '{}'))) from jsonb_array_elements(_names) as given(name)) <> jsonb_array_length(_names) then
    raise exception 'name' using errcode = 'P0001', detail = 'Each crew needs a name of its own, 60 characters at most.';
  end if;
  -- Names move between numbers: set them aside first, so the unique names never collide midway.
  update public.crews set name = '~' || number where true;
  insert into public.crews (number, name)
  select given.position::smallint, btrim(given.name #>> '{}')
  from jsonb_array_elements(_names) with ordinality as given(name, position)
  on conflict (number) do update set name = excluded.name;
  delete from public.crews c
  where c.number > jsonb_array_length(_names)
    and not exists (select 1 from public.booking_bills b where b.crew_number = c.number);
  update public.crews set name = 'Crew ' || number where name = '~' || number;
  return query select * from public.crews order by number;
end;
$$;

revoke execute on function public.name_crews(jsonb) from public, anon;
grant execute on function public.name_crews(jsonb) to authenticated;

alter table public.booking_bills add column crew_number smallint references public.crews (number);
alter table public.booking_bills add column crew_name text check (char_length(crew_name) between 1 and 60);
alter table public.booking_bills add constraint booking_bills_crew_named check ((crew_number is null) = (crew_name is null));

-- As before (20261217110000), and the bill records the crew that did the move (`crew_number` of
-- _bill, optional), with its name as it is now; a crew that does not exist is refused (P0001 'crew').
create or replace function public.bill_move(_booking_id uuid, _bill jsonb)
returns public.booking_bills
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
  margin smallint;
  discount integer;
  total integer;
  crew public.crews;
  made public.booking_bills;
begin
  perform public.require_permission('bookings:bill');
  if jsonb_typeof(_bill) is distinct from 'object' then
    raise exception 'The bill must be an object' using errcode = 'invalid_parameter_value';
  end if;
  select * into booking from public.bookings where id = _booking_id for update;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  if booking.status = 'cancelled' then
    raise exception 'cancelled' using errcode = 'P0001', detail = 'A cancelled move has no bill.';
  end if;
  if booking.deposit_status is distinct from 'paid' then
    raise exception 'unpaid' using errcode = 'P0001', detail = 'The deposit of this move is not paid.';
  end if;
  if jsonb_typeof(_bill -> 'crew_number') = 'number' then
    select * into crew from public.crews c where c.number = (_bill ->> 'crew_number')::numeric;
    if not found then
      raise exception 'crew' using errcode = 'P0001', detail = 'No crew has that number.';
    end if;
  end if;
  select coalesce((select s.bill_margin_percent from public.app_settings s where s.id), 10) into margin;
  discount := coalesce((_bill ->> 'discount_cents')::integer, 0);
  total := (_bill ->> 'subtotal_cents')::integer - discount;
  insert into public.booking_bills (
    booking_id, lines, worked_minutes, billed_minutes, hourly_rate_cents, subtotal_cents, discount_cents, discount_reason,
    total_cents, deposit_paid_cents, balance_cents, accepted_estimate_cents, margin_percent, needs_approval, billed_by,
    crew_number, crew_name
  ) values (
    booking.id, _bill -> 'lines', (_bill ->> 'worked_minutes')::integer, (_bill ->> 'billed_minutes')::integer,
    (_bill ->> 'hourly_rate_cents')::integer, (_bill ->> 'subtotal_cents')::integer, discount, nullif(btrim(_bill ->> 'discount_reason'), ''),
    total, booking.deposit_amount_cents, greatest(0, total - booking.deposit_amount_cents), coalesce(booking.estimated_cost_cents, 0), margin,
    total > coalesce(booking.estimated_cost_cents, 0) + (coalesce(booking.estimated_cost_cents, 0) * margin) / 100, auth.uid(),
    crew.number, crew.name
  ) returning * into made;
  update public.bookings
  set status = 'completed', final_cost_cents = total, balance_due_cents = made.balance_cents, billed_at = made.billed_at
  where id = booking.id;
  perform public.enqueue_booking_message(booking.id, 'bill_ready', public.bill_message_facts(made));
  return made;
end;
$$;

-- The tips paid with balances in each of the last _months calendar months up to _at's (the company's
-- clock), per crew as the bill named it, newest month first: for payroll, never revenue.
create function public.admin_crew_tips(_months integer default 12, _at timestamptz default now())
returns table (month date, crew_number smallint, crew_name text, tips_cents bigint, tipped_moves bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  zone text := public.company_time_zone();
  first_month date := (public.company_month(_at) - make_interval(months => least(greatest(coalesce(_months, 12), 1), 36) - 1))::date;
begin
  perform public.require_permission('analytics:read');
  return query
  select date_trunc('month', m.moved_at at time zone zone)::date, b.crew_number, b.crew_name,
         sum(m.tip_cents)::bigint, count(distinct m.booking_id)::bigint
  from public.money_movements m
  join public.booking_bills b on b.booking_id = m.booking_id
  where m.tip_cents > 0
    and m.moved_at >= first_month::timestamp at time zone zone
    and m.moved_at < (public.company_month(_at) + interval '1 month')::timestamp at time zone zone
  group by 1, 2, 3
  order by 1 desc, 2 nulls last, 3;
end;
$$;

revoke execute on function public.admin_crew_tips(integer, timestamptz) from public, anon;
grant execute on function public.admin_crew_tips(integer, timestamptz) to authenticated, service_role;

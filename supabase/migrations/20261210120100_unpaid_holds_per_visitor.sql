-- Unpaid holds cost a visitor more than they cost the company. A booking saved at Pay holds its crew
-- only while its Checkout Session can be paid (the app makes it Stripe's shortest, 30 minutes), and
-- one visitor holds few crews at once: a new hold releases the same visitor's older ones beyond one
-- per browser, one per email and two per client address. The browser and the address are kept as
-- keyed hashes the app computes (never the address itself).

alter table public.bookings add column hold_browser text check (char_length(hold_browser) <= 64);
alter table public.bookings add column hold_address text check (char_length(hold_address) <= 64);

comment on column public.bookings.hold_browser is 'Keyed hash of the browser that pressed Pay (its HttpOnly cookie): one unpaid hold per browser at once.';
comment on column public.bookings.hold_address is 'Keyed hash of the client address that pressed Pay: two unpaid holds per address at once.';

-- The unpaid holds of one visitor, by each key.
create index bookings_unpaid_holds_by_browser_idx on public.bookings (hold_browser, hold_expires_at)
  where status = 'pending' and deposit_status = 'unpaid' and hold_browser is not null;
create index bookings_unpaid_holds_by_address_idx on public.bookings (hold_address, hold_expires_at)
  where status = 'pending' and deposit_status = 'unpaid' and hold_address is not null;
create index bookings_unpaid_holds_by_email_idx on public.bookings (lower(email), hold_expires_at)
  where status = 'pending' and deposit_status = 'unpaid';

-- How many unpaid holds one browser, one email and one client address keep at once.
create function public.unpaid_holds_per_visitor()
returns table (per_browser integer, per_email integer, per_address integer)
language sql
immutable
as $$
  select 1, 1, 2;
$$;

grant execute on function public.unpaid_holds_per_visitor() to anon, authenticated, service_role;

-- Ends now the live unpaid holds of the visitor saving _booking_id (from wizard draft _draft_id):
-- by browser (bookings of the same owner, _user_id, or guests' when null), by email and by address,
-- beyond that visitor's share, oldest first, leaving room for the one being saved. Saves of one
-- visitor wait for each other (transaction locks on each key). Returns how many it released.
create function public.release_older_unpaid_holds(_booking_id uuid, _draft_id uuid, _user_id uuid, _browser text, _address text, _email text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  caps record;
  released integer := 0;
  count_now integer;
begin
  select * into caps from public.unpaid_holds_per_visitor();
  perform pg_advisory_xact_lock(20261210, hashtext(k.key))
  from (select unnest(array_remove(array['browser:' || _browser, 'address:' || _address, 'email:' || lower(_email)], null)) as key order by 1) k;

  if _browser is not null then
    update public.bookings b set hold_expires_at = now()
    where b.id in (
      select o.id from public.bookings o
      where o.hold_browser = _browser and o.user_id is not distinct from _user_id and o.id <> _booking_id and (_draft_id is null or o.draft_id is distinct from _draft_id)
        and o.status = 'pending' and o.deposit_status = 'unpaid' and o.hold_expires_at > now()
      order by o.hold_expires_at desc, o.id
      offset caps.per_browser - 1
      for update skip locked
    );
    get diagnostics count_now = row_count;
    released := released + count_now;
  end if;
  if _email is not null then
    update public.bookings b set hold_expires_at = now()
    where b.id in (
      select o.id from public.bookings o
      where lower(o.email) = lower(_email) and o.id <> _booking_id and (_draft_id is null or o.draft_id is distinct from _draft_id)
        and o.status = 'pending' and o.deposit_status = 'unpaid' and o.hold_expires_at > now()
      order by o.hold_expires_at desc, o.id
      offset caps.per_email - 1
      for update skip locked
    );
    get diagnostics count_now = row_count;
    released := released + count_now;
  end if;
  if _address is not null then
    update public.bookings b set hold_expires_at = now()
    where b.id in (
      select o.id from public.bookings o
      where o.hold_address = _address and o.id <> _booking_id and (_draft_id is null or o.draft_id is distinct from _draft_id)
        and o.status = 'pending' and o.deposit_status = 'unpaid' and o.hold_expires_at > now()
      order by o.hold_expires_at desc, o.id
      offset caps.per_address - 1
      for update skip locked
    );
    get diagnostics count_now = row_count;
    released := released + count_now;
  end if;
  return released;
end;
$$;

revoke execute on function public.release_older_unpaid_holds(uuid, uuid, uuid, text, text, text) from public, anon, authenticated, service_role;

-- As before, and a booking taking an unpaid hold releases its visitor's older holds beyond their
-- share, under the day's lock, before the crews are counted.
create or replace function public.enforce_crew_capacity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hours integer := coalesce(new.estimated_hours::integer, public.estimated_hours_for(new.property_size));
  opening time;
  closing time;
  span int4range;
  day_crews record;
  busiest integer;
begin
  -- A hold never outlasts the live Checkout Session it waits for.
  if new.checkout_expires_at > now() and new.hold_expires_at > new.checkout_expires_at then
    new.hold_expires_at := new.checkout_expires_at;
  end if;
  if not public.booking_holds_crew(new.status, new.deposit_status, new.hold_expires_at, now()) then
    return new;
  end if;
  select h.opens_at, h.closes_at into opening, closing from public.business_hours h;
  span := public.booking_crew_minutes(new.moving_time, hours, opening, closing);
  if isempty(span) then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.deposit_status = 'paid' and old.deposit_status is distinct from 'paid' then
      return new;
    end if;
    if public.booking_holds_crew(old.status, old.deposit_status, old.hold_expires_at, now())
       and old.moving_date = new.moving_date
       and public.booking_crew_minutes(old.moving_time, coalesce(old.estimated_hours::integer, public.estimated_hours_for(old.property_size)), opening, closing) = span
       and old.hold_expires_at is not distinct from new.hold_expires_at then
      return new;
    end if;
  end if;
  if current_setting('app.over_capacity_booking', true) = new.id::text then
    return new;
  end if;

  -- One save per date at a time, until the saving transaction ends.
  perform pg_advisory_xact_lock(20261130, new.moving_date - date '2000-01-01');

  -- A new unpaid hold releases the same visitor's older ones beyond their share.
  if new.status = 'pending' and new.deposit_status = 'unpaid' then
    perform public.release_older_unpaid_holds(new.id, new.draft_id, new.user_id, new.hold_browser, new.hold_address, new.email);
  end if;

  select c.crews, c.closed, c.reason into day_crews from public.crews_of_days(array[new.moving_date]) c;
  if day_crews.closed then
    raise exception 'We are closed on %', to_char(new.moving_date, 'YYYY-MM-DD')
      using errcode = 'CP002', detail = coalesce(day_crews.reason, '');
  end if;
  select p.peak into busiest
  from public.crew_peaks(array[new.moving_date], array[new.moving_time], hours, now(), new.id, new.draft_id) p;
  if busiest >= day_crews.crews then
    raise exception 'No crew is free on % from % to %: % of % crews are out',
      to_char(new.moving_date, 'YYYY-MM-DD'),
      to_char(make_interval(mins => lower(span)), 'HH24:MI'), to_char(make_interval(mins => upper(span)), 'HH24:MI'),
      busiest, day_crews.crews
      using errcode = 'CP001';
  end if;
  return new;
end;
$$;

revoke execute on function public.enforce_crew_capacity() from public, anon, authenticated, service_role;

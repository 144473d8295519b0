-- Every change a customer or the office is told about queues its message in the same transaction, by
-- triggers on the tables that change: a booking paid, confirmed, moved or cancelled, a deposit
-- refunded, a day closed. Whichever function or request makes the change, the message goes with it,
-- and a repeat of the change (a redelivered webhook, a double-clicked form) finds its row already there.
-- The facts a template states are taken from the booking row by one function; the 'Manage your
-- booking' link is not among them: it is signed with the app's secret when the message is sent.

-- Work without a user (sending mail, planning reminders) is the servers', through the service role:
-- anyone else calling it is refused with 42501, "Only the service role may <what>".
create function public.require_service_role(_what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the service role may %', _what using errcode = 'insufficient_privilege';
  end if;
end;
$$;

-- When a booking took the version a message describes: a reminder whose instant had passed by then is
-- never sent.
alter table public.bookings add column version_at timestamptz not null default now();
update public.bookings set version_at = updated_at;

comment on column public.bookings.version_at is 'When the booking took its current version.';

create or replace function public.bump_booking_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.moving_date, new.moving_time, new.status, new.moving_from, new.moving_to, new.team_type, new.service_type,
      new.property_size, new.extra_movers, new.estimated_hours, new.estimated_cost_cents, new.final_cost_cents)
     is distinct from
     (old.moving_date, old.moving_time, old.status, old.moving_from, old.moving_to, old.team_type, old.service_type,
      old.property_size, old.extra_movers, old.estimated_hours, old.estimated_cost_cents, old.final_cost_cents) then
    new.version := old.version + 1;
    new.version_at := now();
  else
    new.version := old.version;
    new.version_at := old.version_at;
  end if;
  return new;
end;
$$;

-- A message that answers what the customer just did (paid, cancelled) goes at once, even at night; the
-- rest wait for the end of the company's quiet hours, which the servers know.
alter table public.message_outbox add column send_at_night boolean not null default false;

comment on column public.message_outbox.send_at_night is
  'True for the answer to what the customer just did, and for mail to the office: sent at once even in quiet hours.';

-- What every message about a booking states, from the booking as it is now.
create function public.booking_message_facts(b public.bookings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'bookingId', b.id,
    'shortId', left(b.id::text, 8),
    'customerName', b.full_name,
    'movingDate', b.moving_date,
    'movingTime', to_char(b.moving_time, 'HH24:MI'),
    'estimatedHours', coalesce(b.estimated_hours, public.estimated_hours_for(b.property_size)),
    'fromAddress', b.moving_from,
    'toAddress', b.moving_to,
    'teamType', b.team_type,
    'extraMovers', b.extra_movers,
    'estimatedCostCents', b.estimated_cost_cents,
    'depositCents', b.deposit_amount_cents
  );
$$;

-- As before, with the booking's own facts under whatever the caller adds (`p_facts` wins), the office's
-- copies naming the customer's email and phone, and whether it may go at night.
drop function public.enqueue_booking_message(uuid, text, jsonb, timestamptz);

create function public.enqueue_booking_message(
  p_booking_id uuid,
  p_kind text,
  p_facts jsonb default '{}',
  p_due_at timestamptz default now(),
  p_send_at_night boolean default false
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
  for_office boolean := p_kind like 'office\_%';
  booking public.bookings;
  send_to text;
begin
  select * into booking from public.bookings b where b.id = p_booking_id;
  if not found then
    raise exception 'No booking with id %', p_booking_id using errcode = 'no_data_found';
  end if;
  -- A message is never worth failing the change that causes it: one to an address the outbox cannot
  -- take (no admin email in the settings, say) is left out, with a warning in the database's log.
  send_to := case when for_office then public.office_email() else booking.email end;
  if send_to is null or char_length(send_to) > 320 or send_to !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise warning 'No % message for booking %: % is not an address to send to', p_kind, p_booking_id, coalesce(send_to, 'no address');
    return false;
  end if;
  insert into public.message_outbox (booking_id, kind, booking_version, recipient, facts, due_at, send_at_night)
  select b.id, p_kind, b.version,
         send_to,
         public.booking_message_facts(b)
           || case when for_office then jsonb_build_object('customerEmail', b.email, 'customerPhone', b.phone) else '{}' end
           || coalesce(p_facts, '{}'),
         coalesce(p_due_at, now()),
         for_office or coalesce(p_send_at_night, false)
  from public.bookings b
  where b.id = p_booking_id
  on conflict (booking_id, kind, booking_version) do nothing;
  get diagnostics made = row_count;
  return made = 1;
end;
$$;

-- Where the office's mail goes: the admin email of the settings.
create function public.office_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.admin_email from public.app_settings s where s.id;
$$;

-- Whether the office wants its alerts ('Email alerts' in the settings).
create function public.office_wants_email_alerts()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.email_alerts from public.app_settings s where s.id), false);
$$;

-- The messages a change of a booking causes. Only a booking whose deposit was paid is a booking the
-- customer hears of: before that it is a hold in checkout.
create function public.queue_booking_change_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  just_paid boolean := new.deposit_paid_at is not null and (tg_op = 'INSERT' or old.deposit_paid_at is null);
  by_customer boolean;
begin
  if new.deposit_paid_at is null then
    return null;
  end if;

  if just_paid then
    -- Paid with auto-confirm on: the customer is told once, that it is confirmed.
    if new.status <> 'cancelled' then
      perform public.enqueue_booking_message(new.id, case when new.status = 'confirmed' then 'booking_confirmed' else 'booking_received' end,
                                             p_send_at_night => true);
      if public.office_wants_email_alerts() then
        perform public.enqueue_booking_message(new.id, 'office_new_booking');
      end if;
    end if;
    return null;
  end if;

  if new.status = 'cancelled' and old.status <> 'cancelled' then
    -- The customer cancels their own booking signed in as its owner, or through the link of its emails
    -- (the function doing that says so for its transaction); anyone else is the office.
    by_customer := coalesce(current_setting('app.booking_changed_by', true), '') = 'customer'
                   or (new.user_id is not null and (select auth.uid()) is not distinct from new.user_id);
    perform public.enqueue_booking_message(
      new.id, 'booking_cancelled',
      jsonb_build_object('cancelledBy', case when by_customer then 'customer' else 'office' end,
                         'depositRefunded', new.deposit_status = 'refunded'),
      p_send_at_night => by_customer);
    if by_customer and public.office_wants_email_alerts() then
      perform public.enqueue_booking_message(new.id, 'office_customer_cancelled');
    end if;
    return null;
  end if;

  if new.status = 'cancelled' then
    return null;
  end if;

  if (new.moving_date, new.moving_time) is distinct from (old.moving_date, old.moving_time) then
    perform public.enqueue_booking_message(
      new.id, 'booking_rescheduled',
      jsonb_build_object('previous', jsonb_build_object(
        'movingDate', old.moving_date,
        'movingTime', to_char(old.moving_time, 'HH24:MI'),
        'estimatedHours', coalesce(old.estimated_hours, public.estimated_hours_for(old.property_size)))));
  end if;

  if new.status = 'confirmed' and old.status = 'pending' then
    perform public.enqueue_booking_message(new.id, 'booking_confirmed');
  end if;
  return null;
end;
$$;

create trigger bookings_queue_change_messages
  after insert or update on public.bookings
  for each row execute function public.queue_booking_change_messages();

-- A deposit given back: the customer is told how much.
create function public.queue_refund_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.enqueue_booking_message(new.booking_id, 'booking_refunded', jsonb_build_object('refundCents', new.amount_cents));
  return null;
end;
$$;

create trigger deposit_refunds_queue_message
  after insert on public.deposit_refunds
  for each row execute function public.queue_refund_message();

-- A day the office closes: each paid booking still on it is asked to pick another day.
create function public.queue_day_closed_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking_id uuid;
begin
  if not new.closed or (tg_op = 'UPDATE' and old.closed) then
    return null;
  end if;
  for booking_id in
    select b.id from public.bookings b
    where b.moving_date = new.day and b.deposit_paid_at is not null and b.status in ('pending', 'confirmed')
  loop
    perform public.enqueue_booking_message(booking_id, 'day_closed_moved');
  end loop;
  return null;
end;
$$;

create trigger schedule_days_queue_closed_messages
  after insert or update of closed on public.schedule_days
  for each row execute function public.queue_day_closed_messages();

-- The office's list of `p_day`'s moves, once per day, due at `p_due_at`, with the moves as they are
-- when it is queued. True when a row was made.
drop function public.enqueue_office_day_list(date, jsonb, timestamptz);

create function public.enqueue_office_day_list(p_day date, p_due_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  perform public.require_service_role('queue the office''s list');
  insert into public.message_outbox (kind, dedupe_key, recipient, facts, due_at, send_at_night)
  select 'office_tomorrow_list', 'office_tomorrow_list:' || p_day::text, public.office_email(),
         jsonb_build_object('date', p_day, 'moves', coalesce((
           select jsonb_agg(
                    jsonb_build_object('customerPhone', b.phone) || public.booking_message_facts(b)
                    order by b.moving_time nulls first, b.created_at)
           from public.bookings b
           where b.moving_date = p_day and b.deposit_paid_at is not null and b.status in ('pending', 'confirmed', 'in_progress')
         ), '[]')),
         coalesce(p_due_at, now()), true
  on conflict (dedupe_key) do nothing;
  get diagnostics made = row_count;
  return made = 1;
end;
$$;

-- Reminders ---------------------------------------------------------------------------------------------
-- When a reminder is due is the servers' rule (the company's clock, daylight saving, quiet hours); which
-- bookings still need theirs, and writing them once per version, is the database's.

-- Paid, open bookings whose move is still ahead and whose current version has not had its reminders
-- planned, oldest change first: what the servers plan next.
create function public.bookings_to_remind(p_limit integer default 100)
returns table (booking_id uuid, version integer, moving_date date, moving_time text, changed_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_service_role('plan reminders');
  return query
  select b.id, b.version, b.moving_date, to_char(b.moving_time, 'HH24:MI'), greatest(b.version_at, b.deposit_paid_at)
  from public.bookings b
  where b.deposit_paid_at is not null
    and b.status in ('pending', 'confirmed')
    and b.moving_date >= (now() at time zone public.company_time_zone())::date
    and exists (
      select 1 from (values ('reminder_48h'), ('reminder_day_before')) k(kind)
      where not exists (
        select 1 from public.message_outbox m
        where m.booking_id = b.id and m.kind = k.kind and m.booking_version = b.version
      )
    )
  order by greatest(b.version_at, b.deposit_paid_at), b.id
  limit least(greatest(coalesce(p_limit, 0), 0), 500);
end;
$$;

-- Writes a booking's reminder of `p_kind` for version `p_version`: queued for `p_due_at`, or, when it is
-- null (its instant had passed when the booking took that version), a row that is never sent, so that
-- the booking is planned once. Nothing when the booking has moved on to another version since. True
-- when a row was made.
create function public.plan_booking_reminder(p_booking_id uuid, p_version integer, p_kind text, p_due_at timestamptz default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  perform public.require_service_role('plan reminders');
  if p_kind not in ('reminder_48h', 'reminder_day_before') then
    raise exception 'Not a reminder: %', p_kind using errcode = 'invalid_parameter_value';
  end if;
  insert into public.message_outbox (booking_id, kind, booking_version, recipient, facts, due_at, status, last_error)
  select b.id, p_kind, b.version, b.email, public.booking_message_facts(b), coalesce(p_due_at, now()),
         case when p_due_at is null then 'void' else 'queued' end,
         case when p_due_at is null then 'Its time had passed when the booking was made or changed.' end
  from public.bookings b
  where b.id = p_booking_id and b.version = p_version
  on conflict (booking_id, kind, booking_version) do nothing;
  get diagnostics made = row_count;
  return made = 1;
end;
$$;

-- Sending -----------------------------------------------------------------------------------------------

-- How many times a message is tried before it fails for good; the servers' senders stop retrying at it too.
create function public.message_max_attempts()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 5;
$$;

-- As before, with two changes. The rows are returned earliest first: an update returns its rows in no
-- set order, and the sender sends them in the order given. A row whose lease ran out after its last
-- attempt (its server stopped while sending it, each time) fails for good instead of being claimed
-- forever; it is not returned.
create or replace function public.claim_due_messages(p_limit integer, p_lease_seconds integer)
returns setof public.message_outbox
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted integer := least(greatest(coalesce(p_limit, 0), 0), 500);
  lease interval := make_interval(secs => greatest(coalesce(p_lease_seconds, 0), 1));
begin
  perform public.require_service_role('claim messages');
  return query
  with queued as (
    select m.id, m.kind, m.booking_id, m.booking_version
    from public.message_outbox m
    where m.status = 'queued' and m.due_at <= now() and coalesce(m.next_attempt_at, m.due_at) <= now()
    order by coalesce(m.next_attempt_at, m.due_at), m.id
    limit wanted
    for update skip locked
  ),
  lapsed as (
    select m.id, m.kind, m.booking_id, m.booking_version
    from public.message_outbox m
    where m.status = 'sending' and m.claimed_until <= now()
    order by m.claimed_until, m.id
    limit wanted
    for update skip locked
  ),
  exhausted as (
    update public.message_outbox m
    set status = 'failed', claimed_until = null,
        last_error = 'Its sender stopped while sending it, at each of its ' || m.attempts || ' attempts.'
    where m.id in (select l.id from lapsed l) and m.attempts >= public.message_max_attempts()
    returning m.id
  ),
  chosen as (
    select * from (select * from queued union all select l.* from lapsed l where l.id not in (select e.id from exhausted e)) c limit wanted
  ),
  stale as (
    select c.id
    from chosen c
    join public.bookings b on b.id = c.booking_id
    where c.kind in ('reminder_48h', 'reminder_day_before') and (b.version > c.booking_version or b.status = 'cancelled')
  ),
  voided as (
    update public.message_outbox m
    set status = 'void', claimed_until = null
    where m.id in (select s.id from stale s)
    returning m.*
  ),
  claimed as (
    update public.message_outbox m
    set status = 'sending', claimed_until = now() + lease, attempts = m.attempts + 1
    where m.id in (select c.id from chosen c) and m.id not in (select s.id from stale s)
    returning m.*
  )
  select * from (select * from claimed union all select * from voided) c
  order by coalesce(c.next_attempt_at, c.due_at), c.id;
end;
$$;

-- A claimed message that may not go in quiet hours goes back to the queue for `p_until`, the attempt
-- not counted. True when it changed.
create function public.defer_message(p_id bigint, p_until timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_service_role('defer messages');
  update public.message_outbox m
  set status = 'queued', due_at = p_until, next_attempt_at = null, attempts = greatest(m.attempts - 1, 0), claimed_until = null
  where m.id = p_id and m.status = 'sending';
  return found;
end;
$$;

revoke execute on function public.booking_message_facts(public.bookings) from public, anon, authenticated;
revoke execute on function public.enqueue_booking_message(uuid, text, jsonb, timestamptz, boolean) from public, anon, authenticated;
revoke execute on function public.office_email() from public, anon, authenticated;
revoke execute on function public.office_wants_email_alerts() from public, anon, authenticated;
revoke execute on function public.queue_booking_change_messages() from public, anon, authenticated;
revoke execute on function public.queue_refund_message() from public, anon, authenticated;
revoke execute on function public.queue_day_closed_messages() from public, anon, authenticated;
revoke execute on function public.enqueue_office_day_list(date, timestamptz) from public, anon, authenticated;
revoke execute on function public.bookings_to_remind(integer) from public, anon, authenticated;
revoke execute on function public.plan_booking_reminder(uuid, integer, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.defer_message(bigint, timestamptz) from public, anon, authenticated;
revoke execute on function public.message_max_attempts() from public, anon, authenticated;
revoke execute on function public.require_service_role(text) from public, anon, authenticated;
grant execute on function public.require_service_role(text) to service_role;
grant execute on function public.enqueue_booking_message(uuid, text, jsonb, timestamptz, boolean) to service_role;
grant execute on function public.enqueue_office_day_list(date, timestamptz) to service_role;
grant execute on function public.bookings_to_remind(integer) to service_role;
grant execute on function public.plan_booking_reminder(uuid, integer, text, timestamptz) to service_role;
grant execute on function public.defer_message(bigint, timestamptz) to service_role;

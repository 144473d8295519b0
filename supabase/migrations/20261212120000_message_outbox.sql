-- Messages are rows before they are mail. Whatever changes a booking writes the message it causes to
-- public.message_outbox in the same transaction, keyed so that a repeat (a redelivered webhook, a
-- double-clicked form) makes no second row. Every server claims due rows through the service role,
-- sends them, and marks each sent, queued again for a retry, or failed; a claim is a lease, so a row
-- whose server stopped mid-send is claimed again once the lease is over.

-- The version of a booking a message describes ------------------------------------------------------

alter table public.bookings add column version integer not null default 1 check (version >= 1);

comment on column public.bookings.version is
  'Counts the changes a customer is told about (date, time, status, addresses, crew, estimate): a message describes one version, and a reminder of an older one is not sent.';

-- The version goes up by one when a column the customer is told about changes, and is never set by hand.
create function public.bump_booking_version()
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
  else
    new.version := old.version;
  end if;
  return new;
end;
$$;

create trigger bookings_bump_version
  before update on public.bookings
  for each row execute function public.bump_booking_version();

-- The outbox -------------------------------------------------------------------------------------------

create table public.message_outbox (
  id bigint generated always as identity primary key,
  -- A message about a booking goes with it: a deleted booking has nothing left to tell, and its
  -- manage link would open nothing. Null for the office's daily list, which is about a day.
  booking_id uuid references public.bookings (id) on delete cascade,
  kind text not null check (kind in (
    'booking_received', 'booking_confirmed', 'reminder_48h', 'reminder_day_before', 'booking_rescheduled',
    'booking_cancelled', 'booking_refunded', 'day_closed_moved', 'office_new_booking', 'office_customer_cancelled',
    'office_tomorrow_list'
  )),
  booking_version integer check (booking_version >= 1),
  -- What makes a message about no booking unique, e.g. 'office_tomorrow_list:2027-03-14'.
  dedupe_key text unique check (char_length(dedupe_key) between 1 and 200),
  recipient text not null check (char_length(recipient) <= 320 and recipient ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  -- What the template needs, frozen when the change was made.
  facts jsonb not null default '{}' check (jsonb_typeof(facts) = 'object'),
  due_at timestamptz not null default now(),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'void')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  -- While status is 'sending': until when the server that claimed it holds it.
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 2000),
  provider_message_id text check (char_length(provider_message_id) <= 998),
  sent_at timestamptz,
  created_at timestamptz not null default now(),

  -- A message is about one version of a booking, or is the office's daily list with its own key.
  constraint message_outbox_about_a_booking_or_a_day check (
    case when kind = 'office_tomorrow_list'
      then booking_id is null and booking_version is null and dedupe_key is not null
      else booking_id is not null and booking_version is not null and dedupe_key is null
    end
  ),
  constraint message_outbox_sending_is_leased check ((status = 'sending') = (claimed_until is not null)),
  constraint message_outbox_sent_has_date check ((status = 'sent') = (sent_at is not null)),
  -- A repeat of the change that caused a message makes no second row.
  constraint message_outbox_once_per_booking_version unique (booking_id, kind, booking_version)
);

comment on table public.message_outbox is
  'Every message to a customer or the office, written with the change that causes it and sent by the servers: queued, sending (leased), sent, failed or void.';

-- The claim: queued rows by the instant they may go, and rows whose lease ran out.
create index message_outbox_queued_idx on public.message_outbox ((coalesce(next_attempt_at, due_at)), id) where status = 'queued';
create index message_outbox_leased_idx on public.message_outbox (claimed_until) where status = 'sending';
-- The office's lists: recent messages, failed ones first.
create index message_outbox_created_at_idx on public.message_outbox (created_at desc);
create index message_outbox_failed_idx on public.message_outbox (created_at desc) where status = 'failed';

alter table public.message_outbox enable row level security;
revoke all on table public.message_outbox from anon, authenticated, service_role;
grant select on table public.message_outbox to authenticated, service_role;

-- Staff who read bookings read their messages; customers read none (their mail is their copy).
create policy "Staff read messages"
  on public.message_outbox for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- Writing a message ---------------------------------------------------------------------------------

-- Queues `p_kind` about the booking at its current version, to the booking's email (or, for the
-- office's kinds, to the company's address in the settings), due at `p_due_at`. True when a row was
-- made; false when that message of that version was already queued. For the service role and for
-- the SQL functions that change bookings, in the same transaction as the change.
create function public.enqueue_booking_message(p_booking_id uuid, p_kind text, p_facts jsonb default '{}', p_due_at timestamptz default now())
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  insert into public.message_outbox (booking_id, kind, booking_version, recipient, facts, due_at)
  select b.id, p_kind, b.version,
         case when p_kind like 'office\_%' then coalesce((select s.admin_email from public.app_settings s where s.id), 'hello@metromovers.example') else b.email end,
         coalesce(p_facts, '{}'), coalesce(p_due_at, now())
  from public.bookings b
  where b.id = p_booking_id
  on conflict (booking_id, kind, booking_version) do nothing;
  get diagnostics made = row_count;
  if made = 0 and not exists (select 1 from public.bookings b where b.id = p_booking_id) then
    raise exception 'No booking with id %', p_booking_id using errcode = 'no_data_found';
  end if;
  return made = 1;
end;
$$;

-- Queues the office's list of `p_day`'s moves, once per day, due at `p_due_at`. True when a row was made.
create function public.enqueue_office_day_list(p_day date, p_facts jsonb, p_due_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  insert into public.message_outbox (kind, dedupe_key, recipient, facts, due_at)
  select 'office_tomorrow_list', 'office_tomorrow_list:' || p_day::text,
         coalesce((select s.admin_email from public.app_settings s where s.id), 'hello@metromovers.example'),
         coalesce(p_facts, '{}'), coalesce(p_due_at, now())
  on conflict (dedupe_key) do nothing;
  get diagnostics made = row_count;
  return made = 1;
end;
$$;

-- Sending ----------------------------------------------------------------------------------------------

-- Claims up to `p_limit` (at most 500) messages for `p_lease_seconds` (at least 1): queued ones that are
-- due and whose next attempt has come, earliest first, and ones whose sender's lease ran out. Rows
-- another server is claiming are skipped. Each claimed row turns 'sending' with one more attempt; a
-- reminder about an older version of its booking, or about a cancelled booking, turns 'void' instead
-- (returned so the server can count it, never sent).
create function public.claim_due_messages(p_limit integer, p_lease_seconds integer)
returns setof public.message_outbox
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted integer := least(greatest(coalesce(p_limit, 0), 0), 500);
  lease interval := make_interval(secs => greatest(coalesce(p_lease_seconds, 0), 1));
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the service role may claim messages' using errcode = 'insufficient_privilege';
  end if;
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
  chosen as (
    select * from (select * from queued union all select * from lapsed) c limit wanted
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
  select * from claimed
  union all
  select * from voided;
end;
$$;

-- Marks the messages of a batch the sender still holds as sent, each with the provider's id for it
-- (`p_provider_message_ids` in the order of `p_ids`), in one statement: one commit per batch, not one
-- per message. Returns how many changed; a late answer for a row no longer 'sending' (already sent,
-- queued again) changes nothing.
create function public.mark_messages_sent(p_ids bigint[], p_provider_message_ids text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the service role may mark messages' using errcode = 'insufficient_privilege';
  end if;
  if cardinality(p_ids) is distinct from cardinality(p_provider_message_ids) then
    raise exception 'One provider message id for each message' using errcode = 'invalid_parameter_value';
  end if;
  update public.message_outbox m
  set status = 'sent', sent_at = now(), provider_message_id = left(a.provider_message_id, 998), claimed_until = null, last_error = null
  from unnest(p_ids, p_provider_message_ids) a(id, provider_message_id)
  where m.id = a.id and m.status = 'sending';
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- Marks a message the sender still holds as not sent, with the error: queued again for `p_retry_at`
-- when there is one, failed for good when there is none. True when it changed.
create function public.mark_message_failed(p_id bigint, p_error text, p_retry_at timestamptz default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the service role may mark messages' using errcode = 'insufficient_privilege';
  end if;
  update public.message_outbox m
  set status = case when p_retry_at is null then 'failed' else 'queued' end,
      next_attempt_at = p_retry_at,
      last_error = left(coalesce(p_error, 'unknown error'), 2000),
      claimed_until = null
  where m.id = p_id and m.status = 'sending';
  return found;
end;
$$;

-- The office's 'Send again': a failed message is queued again at once with its attempts reset.
-- Anything else is refused: a message still on its way, sent or void is not sent twice.
create function public.resend_message(p_id bigint)
returns public.message_outbox
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued public.message_outbox;
begin
  perform public.require_permission('bookings:write');
  update public.message_outbox m
  set status = 'queued', attempts = 0, next_attempt_at = now(), claimed_until = null
  where m.id = p_id and m.status = 'failed'
  returning * into queued;
  if found then
    return queued;
  end if;
  if exists (select 1 from public.message_outbox m where m.id = p_id) then
    raise exception 'Only a failed message can be sent again' using errcode = 'object_not_in_prerequisite_state';
  end if;
  raise exception 'No message with id %', p_id using errcode = 'no_data_found';
end;
$$;

revoke execute on function public.bump_booking_version() from public, anon, authenticated;
revoke execute on function public.enqueue_booking_message(uuid, text, jsonb, timestamptz) from public, anon, authenticated;
revoke execute on function public.enqueue_office_day_list(date, jsonb, timestamptz) from public, anon, authenticated;
revoke execute on function public.claim_due_messages(integer, integer) from public, anon, authenticated;
revoke execute on function public.mark_messages_sent(bigint[], text[]) from public, anon, authenticated;
revoke execute on function public.mark_message_failed(bigint, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.resend_message(bigint) from public, anon;
grant execute on function public.enqueue_booking_message(uuid, text, jsonb, timestamptz) to service_role;
grant execute on function public.enqueue_office_day_list(date, jsonb, timestamptz) to service_role;
grant execute on function public.claim_due_messages(integer, integer) to service_role;
grant execute on function public.mark_messages_sent(bigint[], text[]) to service_role;
grant execute on function public.mark_message_failed(bigint, text, timestamptz) to service_role;
grant execute on function public.resend_message(bigint) to authenticated;

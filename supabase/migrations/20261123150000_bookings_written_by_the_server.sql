-- Bookings are written by the server only: it prices the request and inserts the row with the
-- service role, so nobody holding the anon key can store a booking at a price of their choosing.
-- Admins change a booking's status through set_booking_status; every status a booking takes is
-- kept in booking_status_events.

-- Privileges ---------------------------------------------------------------------------------------

-- Revoking a table privilege also revokes the column privileges granted for it.
revoke insert, update on table public.bookings from anon, authenticated;

drop policy "Customers create their own bookings" on public.bookings;
drop policy "Admins update bookings" on public.bookings;

-- New columns --------------------------------------------------------------------------------------

alter table public.bookings
  add column draft_id uuid unique,
  add column checkout_expires_at timestamptz;

comment on column public.bookings.draft_id is
  'The wizard draft the booking was saved from: saving the same draft again finds this row instead of adding one.';
comment on column public.bookings.checkout_expires_at is
  'When the Checkout Session in stripe_checkout_session_id stops taking payments.';

-- Status history -----------------------------------------------------------------------------------

create table public.booking_status_events (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  status text not null check (status in ('pending', 'confirmed', 'in_progress', 'completed', 'cancelled')),
  changed_at timestamptz not null default now(),
  -- The signed-in user who made the change; null for the server's own changes (booking, payment).
  changed_by uuid references auth.users (id) on delete set null
);

comment on table public.booking_status_events is 'Every status a booking has taken, written by a trigger on bookings only.';

create index booking_status_events_booking_id_changed_at_idx on public.booking_status_events (booking_id, changed_at);

-- Runs as the table owner: nobody else may write the history, not even the service role.
create function public.record_booking_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.booking_status_events (booking_id, status, changed_by)
  values (new.id, new.status, auth.uid());
  return null;
end;
$$;

revoke execute on function public.record_booking_status() from public, anon, authenticated, service_role;

create trigger bookings_record_status_on_insert
  after insert on public.bookings
  for each row execute function public.record_booking_status();

create trigger bookings_record_status_change
  after update of status on public.bookings
  for each row
  when (old.status is distinct from new.status)
  execute function public.record_booking_status();

-- Bookings made before the history existed start it with the status they hold now.
insert into public.booking_status_events (booking_id, status, changed_at)
select id, status, updated_at from public.bookings;

alter table public.booking_status_events enable row level security;

revoke all on table public.booking_status_events from anon, authenticated, service_role;
grant select on table public.booking_status_events to authenticated, service_role;

create policy "Customers read their own bookings' status history"
  on public.booking_status_events for select to authenticated
  using (exists (
    select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())
  ));

create policy "Admins read every booking's status history"
  on public.booking_status_events for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

-- set_booking_status -------------------------------------------------------------------------------

-- Admins may set any status from any status; the check constraint refuses unknown ones. Security
-- definer because signed-in users hold no update privilege on bookings at all.
create function public.set_booking_status(_booking_id uuid, _status text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.bookings;
begin
  if not coalesce(public.has_role(auth.uid(), 'admin'), false) then
    raise exception 'Only admins change the status of a booking' using errcode = 'insufficient_privilege';
  end if;
  update public.bookings set status = _status where id = _booking_id returning * into changed;
  if not found then
    raise exception 'No booking with id %', _booking_id using errcode = 'no_data_found';
  end if;
  return changed;
end;
$$;

revoke execute on function public.set_booking_status(uuid, text) from public, anon;
grant execute on function public.set_booking_status(uuid, text) to authenticated, service_role;

-- mark_deposit_paid --------------------------------------------------------------------------------

-- Marks a booking's deposit paid by the Checkout Session it holds, once: a second call (a webhook
-- redelivered, the success page reloaded, both at the same time) matches no row and changes nothing.
-- With _confirm a pending booking becomes confirmed in the same statement; any other status stays.
-- Returns the booking when this call marked it, nothing otherwise.
create function public.mark_deposit_paid(_booking_id uuid, _session_id text, _confirm boolean)
returns setof public.bookings
language sql
set search_path = ''
as $$
  update public.bookings
  set deposit_status = 'paid',
      deposit_paid_at = now(),
      status = case when _confirm and status = 'pending' then 'confirmed' else status end
  where id = _booking_id
    and stripe_checkout_session_id = _session_id
    and deposit_status <> 'paid'
  returning *;
$$;

revoke execute on function public.mark_deposit_paid(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.mark_deposit_paid(uuid, text, boolean) to service_role;

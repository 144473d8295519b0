-- A move's final bill. When a move is done the office (admins and moderators) completes it with what
-- happened: the app prices the time worked and what the crew provided with the estimate's prices, and
-- bill_move keeps the bill as charged, once per booking, with the money facts the database itself
-- knows (the deposit paid, the estimate the customer accepted, the company's margin) and whether the
-- customer must approve it before it is charged in full. Later price changes never alter a bill.

insert into public.role_permissions (role, permission) values
  ('admin', 'bookings:bill'),
  ('moderator', 'bookings:bill');

-- The cents of a bill's lines, added up (null when a line is not {id, label, amount_cents ≥ 0}).
create function public.bill_lines_total(_lines jsonb)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(_lines) <> 'array' or jsonb_array_length(_lines) = 0 then null
    when exists (
      select 1 from jsonb_array_elements(_lines) line
      where jsonb_typeof(line) <> 'object'
         or jsonb_typeof(line -> 'id') <> 'string' or jsonb_typeof(line -> 'label') <> 'string'
         or jsonb_typeof(line -> 'amount_cents') <> 'number'
         or char_length(line ->> 'label') not between 1 and 200
         or (line ->> 'amount_cents') !~ '^\d{1,9}$'
    ) then null
    else (select sum((line ->> 'amount_cents')::bigint) from jsonb_array_elements(_lines) line)
  end;
$$;

create table public.booking_bills (
  id uuid primary key default gen_random_uuid(),
  -- One bill a move: a second is refused.
  booking_id uuid not null unique references public.bookings (id) on delete cascade,
  lines jsonb not null check (case when jsonb_typeof(lines) = 'array' then jsonb_array_length(lines) <= 20 else false end),
  worked_minutes integer not null check (worked_minutes between 1 and 1440),
  -- Quarter hours, two hours at least, never less than the time worked.
  billed_minutes integer not null check (billed_minutes between 120 and 1440 and billed_minutes % 15 = 0),
  hourly_rate_cents integer not null check (hourly_rate_cents > 0),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  discount_reason text check (char_length(discount_reason) between 1 and 200),
  total_cents integer not null,
  -- What the database knew when the move was billed.
  deposit_paid_cents integer not null check (deposit_paid_cents >= 0),
  balance_cents integer not null,
  -- A booking saved without an estimate counts as one of nothing: any bill waits for the customer.
  accepted_estimate_cents integer not null check (accepted_estimate_cents >= 0),
  margin_percent smallint not null check (margin_percent between 0 and 100),
  needs_approval boolean not null,
  approved_at timestamptz,
  billed_by uuid references auth.users (id) on delete set null,
  billed_at timestamptz not null default now(),
  constraint booking_bills_billed_covers_worked check (billed_minutes >= worked_minutes),
  constraint booking_bills_lines_add_up check (public.bill_lines_total(lines) is not distinct from subtotal_cents),
  constraint booking_bills_discount_within check (discount_cents <= subtotal_cents),
  constraint booking_bills_discount_has_reason check ((discount_cents > 0) = (discount_reason is not null)),
  constraint booking_bills_total check (total_cents = subtotal_cents - discount_cents),
  constraint booking_bills_balance check (balance_cents = greatest(0, total_cents - deposit_paid_cents)),
  constraint booking_bills_approval check (
    needs_approval = (total_cents > accepted_estimate_cents + (accepted_estimate_cents * margin_percent) / 100)
  ),
  constraint booking_bills_approved_only_when_needed check (approved_at is null or needs_approval)
);

comment on table public.booking_bills is 'Each completed move''s final bill, as charged: written by bill_move only, never changed by later prices.';

alter table public.booking_bills enable row level security;
revoke all on table public.booking_bills from anon, authenticated, service_role;
grant select on table public.booking_bills to authenticated, service_role;

create policy "Customers read their own moves' bills"
  on public.booking_bills for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())));

create policy "Staff read bills"
  on public.booking_bills for select to authenticated
  using ((select public.has_permission('bookings:read')));

-- Completes a move with its bill (_bill: lines, worked_minutes, billed_minutes, hourly_rate_cents,
-- subtotal_cents, discount_cents, discount_reason), for staff who may bill. The booking is locked; one
-- that is cancelled, or whose deposit is not paid, is refused (P0001 with a reason the app shows), as is
-- a second bill (23505). The deposit, the accepted estimate and the margin are the database's own. The
-- booking becomes completed with the bill's total as its final cost (its status history records who).
create function public.bill_move(_booking_id uuid, _bill jsonb)
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
  select coalesce((select s.bill_margin_percent from public.app_settings s where s.id), 10) into margin;
  discount := coalesce((_bill ->> 'discount_cents')::integer, 0);
  total := (_bill ->> 'subtotal_cents')::integer - discount;
  insert into public.booking_bills (
    booking_id, lines, worked_minutes, billed_minutes, hourly_rate_cents, subtotal_cents, discount_cents, discount_reason,
    total_cents, deposit_paid_cents, balance_cents, accepted_estimate_cents, margin_percent, needs_approval, billed_by
  ) values (
    booking.id, _bill -> 'lines', (_bill ->> 'worked_minutes')::integer, (_bill ->> 'billed_minutes')::integer,
    (_bill ->> 'hourly_rate_cents')::integer, (_bill ->> 'subtotal_cents')::integer, discount, nullif(btrim(_bill ->> 'discount_reason'), ''),
    total, booking.deposit_amount_cents, greatest(0, total - booking.deposit_amount_cents), coalesce(booking.estimated_cost_cents, 0), margin,
    total > coalesce(booking.estimated_cost_cents, 0) + (coalesce(booking.estimated_cost_cents, 0) * margin) / 100, auth.uid()
  ) returning * into made;
  update public.bookings set status = 'completed', final_cost_cents = total where id = booking.id;
  return made;
end;
$$;

revoke execute on function public.bill_move(uuid, jsonb) from public, anon;
grant execute on function public.bill_move(uuid, jsonb) to authenticated;

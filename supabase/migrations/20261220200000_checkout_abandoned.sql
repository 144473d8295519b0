-- The office sees a pending booking whose customer left the deposit's Checkout without paying as
-- 'Checkout abandoned', apart from the pending work. The rule is said once, in
-- booking_checkout_abandoned (app/domain/booking-status.ts's isCheckoutAbandoned says the same), and
-- admin_bookings_where applies it for the bookings table's filter, its counts and its export: among
-- the states it is given, 'pending' is the pending work and 'abandoned' the abandoned checkouts.
-- The sidebar's badge, the pending page and the dashboard's Pending Bookings card count the pending
-- work alike, through admin_bookings_count.

-- Whether a booking in this state is an abandoned checkout at the moment _at: pending, and Stripe
-- reported its checkout expired or failed, or its deposit is still unpaid while neither its hold on a
-- crew nor its checkout runs any more. A hold or a checkout still running may yet be paid; a booking
-- that never had a checkout was not abandoned. It reads no table and has no SET clause, so the
-- planner inlines it into the queries that filter by it.
create function public.booking_checkout_abandoned(
  _status text,
  _deposit_status text,
  _hold_expires_at timestamptz,
  _checkout_expires_at timestamptz,
  _at timestamptz
)
returns boolean
language sql
immutable
parallel safe
as $$
  select _status = 'pending' and (
    _deposit_status in ('expired', 'failed')
    or (_deposit_status = 'unpaid' and coalesce(_hold_expires_at <= _at, true) and coalesce(_checkout_expires_at <= _at, false))
  );
$$;

-- The pending bookings that may be pending work, in the order the table lists moves by default, with
-- what the rule reads of them: the pending page, the Pending filter and the sidebar's count read this
-- index, not the abandoned checkouts, which pile up over the years beside them. A checkout Stripe
-- reported expired or failed is abandoned whatever the time, so its booking is left out. The planner
-- reads the index only where the rule's conditions imply its own, so it never changes what is listed.
create index bookings_pending_work_idx on public.bookings (moving_date, moving_time, id)
  include (deposit_status, hold_expires_at, checkout_expires_at)
  where status = 'pending' and deposit_status not in ('expired', 'failed');

-- As before (20261217140000), and the states 'pending' and 'abandoned' each stand for their side of
-- the pending bookings; both together, for all of them.
create or replace function public.admin_bookings_where(_search text, _statuses text[], _from date, _to date, _balance text default null)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  conditions text[] := array['true'];
  pending_work boolean := coalesce('pending' = any (_statuses), false);
  abandoned boolean := coalesce('abandoned' = any (_statuses), false);
  stored_statuses text[] := array_replace(_statuses, 'abandoned', 'pending');
  side text;
begin
  if _search is not null and btrim(_search) <> '' then
    conditions := conditions || format(
      $f$(b.full_name || ' ' || b.email || ' ' || b.phone || ' ' || b.moving_from || ' ' || b.moving_to) ilike %L$f$,
      '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
    );
  end if;
  if _statuses is not null then
    -- An abandoned checkout's booking is stored as pending.
    conditions := conditions || format('b.status = any (%L::text[])', stored_statuses);
    if pending_work <> abandoned then
      -- The rule for a pending booking (only those can be abandoned): given the status, the planner
      -- folds its test away, and the pending work's conditions then name bookings_pending_work_idx.
      side := format(
        '%s public.booking_checkout_abandoned(''pending'', b.deposit_status, b.hold_expires_at, b.checkout_expires_at, %L::timestamptz)',
        case when pending_work then 'not' else '' end,
        now()
      );
      conditions := conditions || case when stored_statuses <@ array['pending'] then side else format('(b.status <> ''pending'' or %s)', side) end;
    end if;
  end if;
  if _from is not null then
    conditions := conditions || format('b.moving_date >= %L::date', _from);
  end if;
  if _to is not null then
    conditions := conditions || format('b.moving_date <= %L::date', _to);
  end if;
  if _balance is not null then
    if _balance not in ('unbilled', 'billed', 'paid', 'overdue') then
      raise exception 'No such balance state: %', _balance using errcode = 'invalid_parameter_value';
    end if;
    conditions := conditions || case _balance
      when 'unbilled' then format(
        '(b.billed_at is null and b.status <> ''cancelled'' and (b.status = ''completed'' or b.moving_date < %L::date))',
        (now() at time zone public.company_time_zone())::date)
      when 'billed' then format('(b.balance_due_cents > 0 and b.billed_at >= %L::timestamptz)', now() - interval '14 days')
      when 'paid' then 'b.balance_due_cents = 0'
      when 'overdue' then format('(b.balance_due_cents > 0 and b.billed_at < %L::timestamptz)', now() - interval '14 days')
    end;
  end if;
  return array_to_string(conditions, ' and ');
end;
$$;

-- As before (20261217140000); the tallies count by stored status, so a count that tells the pending
-- work from the abandoned checkouts reads the bookings.
create or replace function public.admin_bookings_count(
  _search text default null,
  _statuses text[] default null,
  _from date default null,
  _to date default null,
  _balance text default null
)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  total bigint;
  splits_pending boolean := coalesce('pending' = any (_statuses), false) <> coalesce('abandoned' = any (_statuses), false);
begin
  perform public.require_permission('bookings:read');
  -- The tallies count every booking by status, kept in the same transaction as each write.
  if (_search is null or btrim(_search) = '') and _from is null and _to is null and _balance is null and not splits_pending then
    select coalesce(sum(t.bookings), 0)::bigint into total
    from public.booking_tallies t
    where _statuses is null or t.status = any (array_replace(_statuses, 'abandoned', 'pending'));
    return total;
  end if;
  execute format('select count(*) from public.bookings b where %s', public.admin_bookings_where(_search, _statuses, _from, _to, _balance)) into total;
  return total;
end;
$$;

-- As before (20261211100000), the Pending Bookings card counting the pending work as the pending
-- page lists it.
create or replace function public.admin_dashboard_stats(_at timestamptz default now())
returns table (
  total_bookings bigint,
  bookings_this_month bigint,
  bookings_last_month bigint,
  pending_bookings bigint,
  completed_moves bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  this_month_start date := public.company_month(_at);
  last_month_start date := (public.company_month(_at) - interval '1 month')::date;
begin
  perform public.require_permission('bookings:read');
  return query
  select
    coalesce(sum(t.bookings), 0)::bigint,
    coalesce(sum(t.bookings) filter (where t.created_month = this_month_start), 0)::bigint,
    coalesce(sum(t.bookings) filter (where t.created_month = last_month_start), 0)::bigint,
    public.admin_bookings_count(_statuses => array['pending']),
    coalesce(sum(t.bookings) filter (where t.status = 'completed'), 0)::bigint
  from public.booking_tallies t;
end;
$$;

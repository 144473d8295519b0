-- As before: a new unpaid hold ends the same visitor's older live ones beyond their share, by browser
-- (bookings of the same owner, _user_id, or guests' when null), by email and by address, in that
-- order, each key seeing what the one before released. One update, run once for each key given and
-- planned for that key (a custom plan folds the other keys' conditions away and reads that key's index).
-- Of holds that end together (a Checkout Session ends on a whole second), the one saved first is the
-- older: before, the tie fell to the random ids and could release the newer hold.
create or replace function public.release_older_unpaid_holds(_booking_id uuid, _draft_id uuid, _user_id uuid, _browser text, _address text, _email text)
returns integer
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  caps record;
  visitor record;
  released integer := 0;
  count_now integer;
begin
  select * into caps from public.unpaid_holds_per_visitor();
  perform pg_advisory_xact_lock(20261210, hashtext(k.key))
  from (select unnest(array_remove(array['browser:' || _browser, 'address:' || _address, 'email:' || lower(_email)], null)) as key order by 1) k;

  for visitor in
    select v.kind, v.value, v.share
    from (values (1, 'browser', _browser, caps.per_browser), (2, 'email', lower(_email), caps.per_email), (3, 'address', _address, caps.per_address)) as v(step, kind, value, share)
    where v.value is not null
    order by v.step
  loop
    update public.bookings b set hold_expires_at = now()
    where b.id in (
      select o.id from public.bookings o
      where ((visitor.kind = 'browser' and o.hold_browser = visitor.value and o.user_id is not distinct from _user_id)
          or (visitor.kind = 'email' and lower(o.email) = visitor.value)
          or (visitor.kind = 'address' and o.hold_address = visitor.value))
        and o.id <> _booking_id and (_draft_id is null or o.draft_id is distinct from _draft_id)
        and o.status = 'pending' and o.deposit_status = 'unpaid' and o.hold_expires_at > now()
      order by o.hold_expires_at desc, o.created_at desc, o.id
      offset visitor.share - 1
      for update skip locked
    );
    get diagnostics count_now = row_count;
    released := released + count_now;
  end loop;
  return released;
end;
$$;

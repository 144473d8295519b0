-- A guest's paid booking joins the account of the customer who proves it is theirs: the browser that
-- paid holds a signed, short-lived claim, and signing up or in there hands the booking to that account.
-- Only the server does this, with the service role, through claim_guest_booking; a booking's owner
-- otherwise still never changes (keep_owner), and a booking already owned is never claimed.

create or replace function public.keep_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not distinct from old.user_id then
    return new;
  end if;
  -- The foreign key's "on delete set null" runs after the account's row is gone.
  if new.user_id is null and not exists (select 1 from auth.users where id = old.user_id) then
    return new;
  end if;
  -- A guest's booking joining its account, inside claim_guest_booking, for that booking only.
  if tg_argv[0] = 'booking' and old.user_id is null and new.user_id is not null
     and current_setting('app.claiming_booking', true) = old.id::text then
    return new;
  end if;
  raise exception 'The owner of a % never changes', tg_argv[0] using errcode = 'check_violation';
end;
$$;

revoke execute on function public.keep_owner() from public, anon, authenticated, service_role;

-- Gives a guest's booking (no owner yet) to the account; false when it has an owner or does not exist.
create function public.claim_guest_booking(_booking_id uuid, _user_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed integer;
begin
  perform set_config('app.claiming_booking', _booking_id::text, true);
  update public.bookings set user_id = _user_id where id = _booking_id and user_id is null;
  get diagnostics claimed = row_count;
  perform set_config('app.claiming_booking', '', true);
  return claimed = 1;
end;
$$;

revoke execute on function public.claim_guest_booking(uuid, uuid) from public, anon, authenticated;
grant execute on function public.claim_guest_booking(uuid, uuid) to service_role;

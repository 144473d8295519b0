-- Accounts keep what their owner did as a guest, when the owner proves it is theirs:
-- * a wizard draft joins the account that signs up or in from the wizard in the browser holding the
--   draft's signed cookie (adopt_guest_draft), with the unpaid booking saved from it, if any;
-- * guest bookings join the account whose address received and opened a link the auth service
--   emailed to it (claim_guest_bookings_of_confirmed_email): typing an address proves nothing.
-- Only the server does either, with the service role; an owner otherwise still never changes (keep_owner).

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
  -- A guest's booking joining its account, inside claim_guest_booking and the functions below, for that booking only.
  if tg_argv[0] = 'booking' and old.user_id is null and new.user_id is not null
     and current_setting('app.claiming_booking', true) = old.id::text then
    return new;
  end if;
  -- A guest's draft joining its account, inside adopt_guest_draft, for that draft only.
  if tg_argv[0] = 'booking draft' and old.user_id is null and new.user_id is not null
     and current_setting('app.adopting_draft', true) = old.id::text then
    return new;
  end if;
  raise exception 'The owner of a % never changes', tg_argv[0] using errcode = 'check_violation';
end;
$$;

revoke execute on function public.keep_owner() from public, anon, authenticated, service_role;

-- Gives a guest's draft (no owner), changed since _changed_since, to the account, together with the
-- booking saved from it while that booking is still only asked for (pending, deposit not paid): its
-- Pay button is the draft's, so whoever holds the draft could pay it anyway. False, changing nothing,
-- for a draft with an owner, a stale or unknown draft, or one whose booking is paid, under way or owned.
create function public.adopt_guest_draft(_draft_id uuid, _user_id uuid, _changed_since timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved record;
begin
  if _draft_id is null or _user_id is null or _changed_since is null then
    return false;
  end if;
  perform 1 from public.booking_drafts
  where id = _draft_id and user_id is null and updated_at >= _changed_since
  for update;
  if not found then
    return false;
  end if;

  select id, user_id, status, deposit_status into saved from public.bookings where draft_id = _draft_id for update;
  if found then
    if saved.user_id is not null or saved.status <> 'pending' or saved.deposit_status in ('paid', 'refunded') then
      return false;
    end if;
    perform set_config('app.claiming_booking', saved.id::text, true);
    update public.bookings set user_id = _user_id where id = saved.id;
    perform set_config('app.claiming_booking', '', true);
  end if;

  perform set_config('app.adopting_draft', _draft_id::text, true);
  update public.booking_drafts set user_id = _user_id where id = _draft_id;
  perform set_config('app.adopting_draft', '', true);
  return true;
end;
$$;

revoke execute on function public.adopt_guest_draft(uuid, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.adopt_guest_draft(uuid, uuid, timestamptz) to service_role;

-- Gives every guest booking (no owner) made with the account's address, compared case-insensitively,
-- to the account, once the auth service has the address confirmed; returns how many joined. The
-- server calls it only right after the owner opened a link emailed to that address (a password
-- recovery, a sign-up confirmation): with confirmations off the address counts as confirmed from
-- sign-up on, without any proof.
create function public.claim_guest_bookings_of_confirmed_email(_user_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
  guest_booking uuid;
  claimed integer := 0;
begin
  select email into address from auth.users where id = _user_id and email_confirmed_at is not null;
  if address is null or address = '' then
    return 0;
  end if;
  for guest_booking in
    select id from public.bookings where user_id is null and lower(email) = lower(address) order by created_at for update
  loop
    perform set_config('app.claiming_booking', guest_booking::text, true);
    update public.bookings set user_id = _user_id where id = guest_booking;
    claimed := claimed + 1;
  end loop;
  perform set_config('app.claiming_booking', '', true);
  return claimed;
end;
$$;

revoke execute on function public.claim_guest_bookings_of_confirmed_email(uuid) from public, anon, authenticated;
grant execute on function public.claim_guest_bookings_of_confirmed_email(uuid) to service_role;

-- Guest bookings by address, for that claim.
create index bookings_guest_email_idx on public.bookings (lower(email)) where user_id is null;

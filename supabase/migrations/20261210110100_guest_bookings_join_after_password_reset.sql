-- Guest bookings made with an address join its account only when the caller has taken the account
-- with a link emailed to that address and is its only holder: a sign-up confirmation alone is no
-- proof, since whoever signed up first (anyone can type anyone's address) chose the password and
-- could still sign in with it. The password reset is the proof: its link starts a session (amr "otp",
-- as GoTrue records for every emailed link; "recovery" under PKCE), and its new password ends every
-- other session of the account. The database checks both from the caller's own token.

drop function public.claim_guest_bookings_of_confirmed_email(uuid);

-- Gives every guest booking (no owner) made with the caller's confirmed address, compared
-- case-insensitively, to the caller's account; returns how many joined. Refused (42501) unless the
-- caller's session was started by an emailed link within the hour and is the account's only session.
-- The app calls it right after the reset link's new password is saved.
create function public.claim_guest_bookings_after_password_reset()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  session uuid;
  address text;
  guest_booking uuid;
  claimed integer := 0;
begin
  begin
    session := nullif(auth.jwt() ->> 'session_id', '')::uuid;
  exception when invalid_text_representation then
    session := null;
  end;
  if caller is null or session is null
     or not exists (select 1 from auth.sessions where id = session and user_id = caller)
     or not exists (
       select 1 from auth.mfa_amr_claims
       where session_id = session and authentication_method in ('otp', 'recovery', 'magiclink') and created_at > now() - interval '1 hour'
     )
     or exists (select 1 from auth.sessions where user_id = caller and id <> session) then
    raise exception 'Guest bookings join an account only after its password is reset by the emailed link' using errcode = 'insufficient_privilege';
  end if;

  select email into address from auth.users where id = caller and email_confirmed_at is not null;
  if address is null or address = '' then
    return 0;
  end if;
  for guest_booking in
    select id from public.bookings where user_id is null and lower(email) = lower(address) order by created_at for update
  loop
    perform set_config('app.claiming_booking', guest_booking::text, true);
    update public.bookings set user_id = caller where id = guest_booking;
    claimed := claimed + 1;
  end loop;
  perform set_config('app.claiming_booking', '', true);
  return claimed;
end;
$$;

revoke execute on function public.claim_guest_bookings_after_password_reset() from public, anon, service_role;
grant execute on function public.claim_guest_bookings_after_password_reset() to authenticated;

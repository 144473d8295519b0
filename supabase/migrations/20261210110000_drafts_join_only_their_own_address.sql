-- A guest's wizard draft joins the account that signs in from the wizard only when the draft was made
-- with that account's email (compared trimmed and case-insensitively): a draft made for another address
-- (another person's contact details, and the unpaid booking saved from it) stays the guest's, and the
-- account starts its own draft. Otherwise as before: the draft has no owner, changed since _changed_since,
-- and its booking, if any, is still only asked for (pending, deposit not paid).
create or replace function public.adopt_guest_draft(_draft_id uuid, _user_id uuid, _changed_since timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  saved record;
  account_email text;
begin
  if _draft_id is null or _user_id is null or _changed_since is null then
    return false;
  end if;
  select lower(trim(email)) into account_email from auth.users where id = _user_id;
  if account_email is null or account_email = '' then
    return false;
  end if;
  perform 1 from public.booking_drafts
  where id = _draft_id and user_id is null and updated_at >= _changed_since
    and lower(trim(coalesce(data ->> 'email', ''))) = account_email
  for update;
  if not found then
    return false;
  end if;

  select id, user_id, status, deposit_status, email into saved from public.bookings where draft_id = _draft_id for update;
  if found then
    if saved.user_id is not null or saved.status <> 'pending' or saved.deposit_status in ('paid', 'refunded')
       or lower(trim(saved.email)) is distinct from account_email then
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

-- A booking and a wizard draft keep the account they were made for: the server never hands one
-- customer's draft or booking to another (a shared browser, a guest who signs in). The owner may
-- only be forgotten together with the account (on delete set null), never replaced, given or taken.

-- Security definer to look the old owner up in auth.users, whoever writes the row.
create function public.keep_owner()
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
  raise exception 'The owner of a % never changes', tg_argv[0] using errcode = 'check_violation';
end;
$$;

revoke execute on function public.keep_owner() from public, anon, authenticated, service_role;

create trigger bookings_keep_owner
  before update of user_id on public.bookings
  for each row execute function public.keep_owner('booking');

create trigger booking_drafts_keep_owner
  before update of user_id on public.booking_drafts
  for each row execute function public.keep_owner('booking draft');

-- Drafts handed from one visitor of a browser to the next before this rule hold a booking of
-- someone else: they are dropped (the booking stays with its owner; the next visit starts afresh).
delete from public.booking_drafts d
using public.bookings b
where b.draft_id = d.id and b.user_id is distinct from d.user_id;

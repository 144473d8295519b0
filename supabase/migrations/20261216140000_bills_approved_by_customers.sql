-- A final bill above the accepted estimate by more than the company's margin waits for the customer:
-- they see its lines and approve it (or call). The customer who owns the move approves it signed in;
-- the holder of its emails' manage link through the server, which checks the link and calls as the
-- service role. Approving is once: a second approval, or one of a bill that needs none, changes nothing.

create function public.approve_move_bill(_booking_id uuid)
returns public.booking_bills
language plpgsql
security definer
set search_path = ''
as $$
declare
  approved public.booking_bills;
begin
  if not exists (
    select 1 from public.bookings b
    where b.id = _booking_id and (auth.role() = 'service_role' or b.user_id = (select auth.uid()))
  ) then
    raise exception 'No booking of yours with id %', _booking_id using errcode = 'no_data_found';
  end if;
  update public.booking_bills set approved_at = now()
  where booking_id = _booking_id and needs_approval and approved_at is null
  returning * into approved;
  if not found then
    select * into approved from public.booking_bills where booking_id = _booking_id;
    if not found then
      raise exception 'The move of booking % has no bill', _booking_id using errcode = 'no_data_found';
    end if;
  end if;
  return approved;
end;
$$;

revoke execute on function public.approve_move_bill(uuid) from public, anon;
grant execute on function public.approve_move_bill(uuid) to authenticated, service_role;

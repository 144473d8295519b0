-- A look of the message sender plans the reminders of every booking it lists in one call and one
-- transaction, not one call a reminder: a busy hour's changes (two reminders each) no longer queue
-- dozens of small writes in front of the customers' own requests.

drop function public.plan_booking_reminder(uuid, integer, text, timestamptz);

-- Writes each of p_reminders ({booking_id, version, kind, due_at}; kind reminder_48h or
-- reminder_day_before): queued for due_at, or, with no due_at (its time had passed when the booking
-- took that version), kept as never to be sent. A booking no longer at that version, or a reminder
-- already written for it, is left as it is. Returns how many it wrote.
create function public.plan_booking_reminders(p_reminders jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  perform public.require_service_role('plan reminders');
  if jsonb_typeof(p_reminders) is distinct from 'array' or jsonb_array_length(p_reminders) > 1000 then
    raise exception 'plan_booking_reminders takes an array of at most 1000 reminders' using errcode = 'invalid_parameter_value';
  end if;
  if exists (
    select 1 from jsonb_to_recordset(p_reminders) r (kind text)
    where r.kind is null or r.kind not in ('reminder_48h', 'reminder_day_before')
  ) then
    raise exception 'Not a reminder' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.message_outbox (booking_id, kind, booking_version, recipient, facts, due_at, status, last_error)
  select b.id, r.kind, b.version, b.email, public.booking_message_facts(b), coalesce(r.due_at, now()),
         case when r.due_at is null then 'void' else 'queued' end,
         case when r.due_at is null then 'Its time had passed when the booking was made or changed.' end
  from jsonb_to_recordset(p_reminders) as r (booking_id uuid, version integer, kind text, due_at timestamptz)
  join public.bookings b on b.id = r.booking_id and b.version = r.version
  on conflict (booking_id, kind, booking_version) do nothing;
  get diagnostics made = row_count;
  return made;
end;
$$;

revoke execute on function public.plan_booking_reminders(jsonb) from public, anon, authenticated;
grant execute on function public.plan_booking_reminders(jsonb) to service_role;

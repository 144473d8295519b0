-- The customer dashboard: counters counted by the database, cancellation by the customer up to
-- 48 hours before the move, a gallery of at most 20 photos with thumbnails, kept private.

-- Company rules the database applies ---------------------------------------------------------------

-- The company's local time: a move's date and time are read in it.
create function public.company_time_zone()
returns text
language sql
immutable
set search_path = ''
as $$
  select 'America/New_York'::text;
$$;

-- When a move starts: its date at its time slot (the first slot, 08:00, when none was picked) in
-- the company's time zone.
create function public.move_starts_at(_moving_date date, _moving_time time)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select (_moving_date + coalesce(_moving_time, time '08:00')) at time zone public.company_time_zone();
$$;

-- How long before the move a customer may still cancel on their own; later, they call the company.
create function public.customer_cancellation_notice()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '48 hours';
$$;

grant execute on function public.company_time_zone() to anon, authenticated, service_role;
grant execute on function public.move_starts_at(date, time) to anon, authenticated, service_role;
grant execute on function public.customer_cancellation_notice() to anon, authenticated, service_role;

-- Counters -----------------------------------------------------------------------------------------

-- The signed-in customer's counters: all bookings, those still ahead (pending or confirmed), and
-- those completed. Security invoker: row level security limits the count to the caller's own rows.
create function public.my_booking_counts()
returns table (total bigint, active bigint, completed bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*),
         count(*) filter (where status in ('pending', 'confirmed')),
         count(*) filter (where status = 'completed')
  from public.bookings
  where user_id = (select auth.uid());
$$;

revoke execute on function public.my_booking_counts() from public, anon;
grant execute on function public.my_booking_counts() to authenticated, service_role;

-- Cancellation by the customer ---------------------------------------------------------------------

-- A customer cancels their own pending or confirmed booking, at least 48 hours before the move.
-- Security definer because customers hold no update privilege on bookings; the status trigger
-- records the change with the customer as its author. Errors: no_data_found when the booking is not
-- the caller's, invalid_parameter_value when its status does not allow it, check_violation when the
-- move is too close.
create function public.cancel_my_booking(_booking_id uuid)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings
  where id = _booking_id and user_id = auth.uid() and auth.uid() is not null
  for update;
  if not found then
    raise exception 'No booking with id % for this customer', _booking_id using errcode = 'no_data_found';
  end if;
  if booking.status not in ('pending', 'confirmed') then
    raise exception 'A % booking cannot be cancelled', booking.status using errcode = 'invalid_parameter_value';
  end if;
  if public.move_starts_at(booking.moving_date, booking.moving_time) - now() < public.customer_cancellation_notice() then
    raise exception 'The move is less than 48 hours away' using errcode = 'check_violation';
  end if;
  update public.bookings set status = 'cancelled' where id = booking.id returning * into booking;
  return booking;
end;
$$;

revoke execute on function public.cancel_my_booking(uuid) from public, anon;
grant execute on function public.cancel_my_booking(uuid) to authenticated;

-- Gallery ------------------------------------------------------------------------------------------

-- Each gallery photo has a thumbnail beside it, in the owner's folder too; the grid loads those.
alter table public.user_images
  add column thumbnail_path text check (char_length(thumbnail_path) between 1 and 1024),
  add constraint user_images_thumbnail_in_owner_folder check (split_part(thumbnail_path, '/', 1) = user_id::text);

grant insert (id, thumbnail_path) on table public.user_images to authenticated;

-- At most 20 photos in a customer's gallery. Concurrent uploads of one customer wait for each other
-- here, so two of them cannot both take the last places.
create function public.enforce_gallery_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('user_images:' || new.user_id::text, 0));
  if (select count(*) from public.user_images where user_id = new.user_id) >= 20 then
    raise exception 'A gallery holds at most 20 images' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

revoke execute on function public.enforce_gallery_limit() from public, anon, authenticated;

create trigger user_images_limit
  before insert on public.user_images
  for each row execute function public.enforce_gallery_limit();

-- Gallery photos are private: served through the app to their owner only, never by a public address.
-- Avatars stay public (they are shown beside the name) and are small squares: at most 5 MB.
update storage.buckets set public = false where id = 'user-images';
update storage.buckets set file_size_limit = 5242880 where id = 'avatars';

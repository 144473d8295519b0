-- Booking photos are private: the bucket no longer serves files by a public address. The app serves
-- them to their owner with the owner's own client (the storage policies decide). Files already
-- stored stay where they are; only the bucket's visibility changes.
update storage.buckets set public = false where id = 'booking-images';

-- A draft's photo list changes under a lock on the draft's row, so uploads and removals at the same
-- time never lose one another's photos and never list more than the draft may hold.

-- Appends `photos` (a JSON array) to the draft's list when they fit within `max_photos`. True when
-- they were added; false when they did not fit or the draft is gone (nothing changes then).
create function public.add_draft_photos(draft_id uuid, photos jsonb, max_photos integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  listed jsonb;
begin
  if jsonb_typeof(photos) <> 'array' then
    raise exception 'photos must be a JSON array' using errcode = '22023';
  end if;
  select coalesce(d.data -> 'photos', '[]'::jsonb) into listed
  from public.booking_drafts d where d.id = add_draft_photos.draft_id
  for update;
  if not found or jsonb_array_length(listed) + jsonb_array_length(photos) > max_photos then
    return false;
  end if;
  update public.booking_drafts d set data = jsonb_set(d.data, '{photos}', listed || photos)
  where d.id = add_draft_photos.draft_id;
  return true;
end;
$$;

-- Takes the photo stored at `path` off the draft's list (the key goes when the list is empty). True
-- when it was listed.
create function public.remove_draft_photo(draft_id uuid, path text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  listed jsonb;
  kept jsonb;
begin
  select coalesce(d.data -> 'photos', '[]'::jsonb) into listed
  from public.booking_drafts d where d.id = remove_draft_photo.draft_id
  for update;
  if not found then
    return false;
  end if;
  select coalesce(jsonb_agg(photo order by position), '[]'::jsonb) into kept
  from jsonb_array_elements(listed) with ordinality as entry(photo, position)
  where photo ->> 'path' is distinct from remove_draft_photo.path;
  if jsonb_array_length(kept) = jsonb_array_length(listed) then
    return false;
  end if;
  update public.booking_drafts d
  set data = case when jsonb_array_length(kept) = 0 then d.data - 'photos' else jsonb_set(d.data, '{photos}', kept) end
  where d.id = remove_draft_photo.draft_id;
  return true;
end;
$$;

-- Drafts are the server's alone, like the table.
revoke execute on function public.add_draft_photos(uuid, jsonb, integer) from public, anon, authenticated;
revoke execute on function public.remove_draft_photo(uuid, text) from public, anon, authenticated;
grant execute on function public.add_draft_photos(uuid, jsonb, integer) to service_role;
grant execute on function public.remove_draft_photo(uuid, text) to service_role;

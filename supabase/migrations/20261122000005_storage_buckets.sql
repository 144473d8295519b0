-- Image buckets. Anyone may fetch an image by its public URL; a signed-in user writes, replaces,
-- lists and deletes files only inside the folder named after their user id: "<user id>/<file>".

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('booking-images', 'booking-images', true, 10485760, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('avatars', 'avatars', true, 10485760, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('user-images', 'user-images', true, 10485760, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "Users read files in their own folder"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('booking-images', 'avatars', 'user-images')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "Users upload into their own folder"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('booking-images', 'avatars', 'user-images')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "Users replace files in their own folder"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('booking-images', 'avatars', 'user-images')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id in ('booking-images', 'avatars', 'user-images')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "Users delete files in their own folder"
  on storage.objects for delete to authenticated
  using (
    bucket_id in ('booking-images', 'avatars', 'user-images')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

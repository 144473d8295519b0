-- Saving the wizard's answers never writes the draft's photo list: uploads and removals change it
-- under the draft's row lock (add_draft_photos, remove_draft_photo), and a step saved at the same
-- moment must not write back the list it read before them.

-- Replaces the draft's answers with `answers` (any "photos" in it ignored), keeping its photos, when
-- the draft belongs to `owner` (null: a guest's). True when it was saved, null when no such draft.
create function public.save_draft_answers(draft_id uuid, answers jsonb, owner uuid default null)
returns boolean
language sql
set search_path = ''
as $$
  update public.booking_drafts d
  set data = (save_draft_answers.answers - 'photos')
    || case when d.data ? 'photos' then jsonb_build_object('photos', d.data -> 'photos') else '{}'::jsonb end
  where d.id = save_draft_answers.draft_id
    and d.user_id is not distinct from save_draft_answers.owner
  returning true;
$$;

-- Drafts are the server's alone, like the table.
revoke execute on function public.save_draft_answers(uuid, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.save_draft_answers(uuid, jsonb, uuid) to service_role;

-- What every signed-in page needs to know about its visitor, in one call: whether the session behind
-- the access token still exists (a session ended elsewhere, by signing out or by a password reset,
-- ends here at once, although its token's signature stays valid until it expires), and if so the
-- account's roles and what its profile holds that pages show or fill in (name, avatar, phone,
-- address). No row: no live session.
create or replace function public.signed_in_account()
returns table (roles public.app_role[], full_name text, avatar_url text, phone text, address text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  session uuid;
begin
  begin
    session := nullif(auth.jwt() ->> 'session_id', '')::uuid;
  exception when invalid_text_representation then
    return;
  end;
  if caller is null or session is null or not exists (select 1 from auth.sessions s where s.id = session and s.user_id = caller) then
    return;
  end if;
  return query
    select
      coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = caller), '{}'::public.app_role[]),
      p.full_name,
      p.avatar_url,
      p.phone,
      p.address
    from auth.users u
    left join public.profiles p on p.user_id = u.id
    where u.id = caller;
end;
$$;

comment on function public.signed_in_account() is
  'The caller''s roles and profile (name, avatar, phone, address) while the session named by their access token exists; no row otherwise.';

revoke execute on function public.signed_in_account() from public, anon;
grant execute on function public.signed_in_account() to authenticated;

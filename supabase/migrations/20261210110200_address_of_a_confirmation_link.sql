-- The address a sign-up confirmation link confirms, read from the auth service's one-time tokens
-- (the link's token_hash; relates_to is the address), so that the confirmation page names it before
-- the visitor presses its button. Null for a spent, replaced or unknown link. Whoever holds the link
-- holds the email it came in, so the address tells them nothing new; only the server asks.
create function public.address_of_confirmation_link(_token_hash text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select relates_to from auth.one_time_tokens
  where token_hash = _token_hash and token_type = 'confirmation_token'
  order by created_at desc
  limit 1;
$$;

revoke execute on function public.address_of_confirmation_link(text) from public, anon, authenticated;
grant execute on function public.address_of_confirmation_link(text) to service_role;

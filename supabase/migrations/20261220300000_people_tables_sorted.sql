-- The office's customers and users are tables whose columns sort. Each list still reads one page
-- (25 rows) in the database; the search that both lists (and their counts) share is said once.

-- Whether a name, email and phone contain the search, in any letter case; the search's own % and _
-- are matched as typed. No search (null or blank) matches everything.
create or replace function public.person_matches_search(_full_name text, _email text, _phone text, _search text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select _search is null or btrim(_search) = ''
    or (coalesce(_full_name, '') || ' ' || coalesce(_email, '') || ' ' || coalesce(_phone, ''))
       ilike '%' || replace(replace(replace(btrim(_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

revoke all on function public.person_matches_search(text, text, text, text) from public, anon;
grant execute on function public.person_matches_search(text, text, text, text) to authenticated, service_role;

create or replace function public.admin_customers_count(_search text default null)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('customers:read');
  return (
    select count(*)
    from public.customer_tallies t
    where t.bookings > 0 and public.person_matches_search(t.full_name, t.email, t.phone, _search)
  );
end;
$$;

-- A page of customers. `_sort`: 'name', 'bookings', 'spent' or 'last' (the latest booking); without
-- one, the latest booking first. Ties go by the email, so pages never repeat or skip a customer.
drop function public.admin_customers_page(text, integer, integer);
create function public.admin_customers_page(
  _search text default null,
  _limit integer default 25,
  _offset integer default 0,
  _sort text default null,
  _descending boolean default false
)
returns table (
  email_key text,
  email text,
  full_name text,
  phone text,
  last_booking_at timestamptz,
  bookings bigint,
  spent_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  direction text := case when _descending then 'desc' else 'asc' end;
  sort_key text;
  ordering text;
begin
  perform public.require_permission('customers:read');
  sort_key := case coalesce(_sort, 'last')
    when 'name' then 'lower(t.full_name)'
    when 'bookings' then 't.bookings'
    when 'spent' then 't.spent_cents'
    when 'last' then 't.last_booking_at'
  end;
  if sort_key is null then
    raise exception 'No such sort: %', _sort using errcode = 'invalid_parameter_value';
  end if;
  ordering := case when _sort is null then 't.last_booking_at desc, t.email_key' else format('%1$s %2$s, t.email_key %2$s', sort_key, direction) end;
  return query execute format(
    'select t.email_key, t.email, t.full_name, t.phone, t.last_booking_at, t.bookings::bigint, t.spent_cents::bigint
     from public.customer_tallies t
     where t.bookings > 0 and public.person_matches_search(t.full_name, t.email, t.phone, $1)
     order by %s
     limit %s offset %s',
    ordering,
    least(greatest(coalesce(_limit, 25), 1), 100),
    greatest(coalesce(_offset, 0), 0)
  ) using _search;
end;
$$;

revoke all on function public.admin_customers_page(text, integer, integer, text, boolean) from public, anon;
grant execute on function public.admin_customers_page(text, integer, integer, text, boolean) to authenticated, service_role;

create or replace function public.admin_users_count(_search text default null)
returns table (matching bigint, total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_permission('users:read');
  return query
  select
    (select count(*) from public.profiles p where public.person_matches_search(p.full_name, p.email, p.phone, _search)),
    (select count(*) from public.profiles);
end;
$$;

-- A page of accounts. `_sort`: 'name', 'email' or 'joined'; without one, the newest account first.
-- Ties go by the account's id, so pages never repeat or skip an account.
drop function public.admin_users_page(text, integer, integer);
create function public.admin_users_page(
  _search text default null,
  _limit integer default 25,
  _offset integer default 0,
  _sort text default null,
  _descending boolean default false
)
returns table (
  user_id uuid,
  full_name text,
  email text,
  avatar_url text,
  phone text,
  address text,
  bio text,
  joined_at timestamptz,
  roles public.app_role[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  direction text := case when _descending then 'desc' else 'asc' end;
  sort_key text;
  ordering text;
begin
  perform public.require_permission('users:read');
  sort_key := case coalesce(_sort, 'joined')
    -- Accounts without a name sort as "Unnamed User" does on the page: after every name.
    when 'name' then format('nullif(btrim(p.full_name), '''') is null %s, lower(btrim(p.full_name))', direction)
    when 'email' then 'lower(p.email)'
    when 'joined' then 'p.created_at'
  end;
  if sort_key is null then
    raise exception 'No such sort: %', _sort using errcode = 'invalid_parameter_value';
  end if;
  ordering := case when _sort is null then 'p.created_at desc, p.user_id desc' else format('%1$s %2$s, p.user_id %2$s', sort_key, direction) end;
  return query execute format(
    'select
       p.user_id, p.full_name, p.email, p.avatar_url, p.phone, p.address, p.bio, p.created_at,
       coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = p.user_id), ''{}'')
     from public.profiles p
     where public.person_matches_search(p.full_name, p.email, p.phone, $1)
     order by %s
     limit %s offset %s',
    ordering,
    least(greatest(coalesce(_limit, 25), 1), 100),
    greatest(coalesce(_offset, 0), 0)
  ) using _search;
end;
$$;

revoke all on function public.admin_users_page(text, integer, integer, text, boolean) from public, anon;
grant execute on function public.admin_users_page(text, integer, integer, text, boolean) to authenticated, service_role;

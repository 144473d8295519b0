-- Bookings made through the wizard, and the photos attached to them. Money is integer cents.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  -- Null for guest bookings; the account's bookings stay when the account is deleted, unlinked.
  user_id uuid default auth.uid() references auth.users (id) on delete set null,

  full_name text not null check (char_length(btrim(full_name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  phone text not null check (char_length(btrim(phone)) between 1 and 40),

  moving_from text not null check (char_length(btrim(moving_from)) between 1 and 500),
  moving_to text not null check (char_length(btrim(moving_to)) between 1 and 500),
  moving_date date not null,
  moving_time time,

  team_type text not null check (team_type in ('elite', 'luxury')),
  service_type text not null check (service_type in ('local', 'long_distance', 'commercial')),
  property_size text check (property_size in ('studio', '1_bedroom', '2_bedroom', '3_bedroom', '4_bedroom', '5_plus_bedroom')),

  packing_service boolean not null default false,
  storage_service boolean not null default false,
  cleaning_service boolean not null default false,
  extra_movers smallint not null default 0 check (extra_movers between 0 and 6),
  tv_mounting smallint not null default 0 check (tv_mounting between 0 and 6),
  deep_cleaning_bedrooms smallint not null default 0 check (deep_cleaning_bedrooms between 0 and 5),
  special_instructions text check (char_length(special_instructions) <= 2000),

  estimated_hours smallint check (estimated_hours between 1 and 24),
  estimated_cost integer check (estimated_cost >= 0),
  final_cost integer check (final_cost >= 0),

  deposit_amount integer not null default 0 check (deposit_amount >= 0),
  deposit_status text not null default 'unpaid' check (deposit_status in ('unpaid', 'paid', 'failed', 'expired')),
  stripe_checkout_session_id text unique,
  deposit_paid_at timestamptz,

  status text not null default 'pending' check (status in ('pending', 'confirmed', 'in_progress', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint bookings_paid_deposit_has_date check ((deposit_status = 'paid') = (deposit_paid_at is not null))
);

comment on column public.bookings.deposit_amount is 'Cents charged through Stripe Checkout; set with the checkout session by the payment service.';

-- The lists the app shows: a customer's bookings, all bookings, by status, the customer database by email.
create index bookings_user_id_created_at_idx on public.bookings (user_id, created_at desc);
create index bookings_created_at_idx on public.bookings (created_at desc);
create index bookings_status_created_at_idx on public.bookings (status, created_at desc);
create index bookings_email_created_at_idx on public.bookings (email, created_at desc);
create index bookings_moving_date_idx on public.bookings (moving_date);

create trigger bookings_set_updated_at
  before update on public.bookings
  for each row execute function public.set_updated_at();

alter table public.bookings enable row level security;

revoke all on table public.bookings from anon, authenticated;
grant all on table public.bookings to service_role;

-- Customers book for themselves; status, final cost and payment state keep their defaults, because
-- only these columns may be written. Guest bookings and payment state go through the service role.
grant select on table public.bookings to authenticated;
grant insert (
  user_id, full_name, email, phone, moving_from, moving_to, moving_date, moving_time,
  team_type, service_type, property_size, packing_service, storage_service, cleaning_service,
  extra_movers, tv_mounting, deep_cleaning_bedrooms, special_instructions, estimated_hours, estimated_cost
) on table public.bookings to authenticated;
-- What the admin screens edit; the update policy admits admins only.
grant update (
  full_name, email, phone, moving_from, moving_to, moving_date, moving_time,
  team_type, service_type, property_size, packing_service, storage_service, cleaning_service,
  extra_movers, tv_mounting, deep_cleaning_bedrooms, special_instructions, estimated_hours,
  estimated_cost, final_cost, status
) on table public.bookings to authenticated;

create policy "Customers read their own bookings"
  on public.bookings for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all bookings"
  on public.bookings for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

create policy "Customers create their own bookings"
  on public.bookings for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Admins update bookings"
  on public.bookings for update to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

-- booking_images -----------------------------------------------------------------------------------

create table public.booking_images (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- Object name in the booking-images bucket: "<uploader's user id>/<file>".
  path text not null check (char_length(path) between 1 and 1024),
  file_name text not null check (char_length(file_name) between 1 and 255),
  created_at timestamptz not null default now(),
  unique (booking_id, path)
);

create index booking_images_booking_id_idx on public.booking_images (booking_id, created_at);

-- At most 10 photos per booking.
create function public.enforce_booking_image_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.bookings where id = new.booking_id for update;
  if (select count(*) from public.booking_images where booking_id = new.booking_id) >= 10 then
    raise exception 'A booking has at most 10 images' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

revoke execute on function public.enforce_booking_image_limit() from public, anon, authenticated;

create trigger booking_images_limit
  before insert on public.booking_images
  for each row execute function public.enforce_booking_image_limit();

alter table public.booking_images enable row level security;

revoke all on table public.booking_images from anon, authenticated;
grant all on table public.booking_images to service_role;
grant select, delete on table public.booking_images to authenticated;
grant insert (booking_id, path, file_name) on table public.booking_images to authenticated;

create policy "Customers read their bookings' images"
  on public.booking_images for select to authenticated
  using (exists (
    select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())
  ));

create policy "Admins read all booking images"
  on public.booking_images for select to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

create policy "Customers attach their own files to their bookings"
  on public.booking_images for insert to authenticated
  with check (
    split_part(path, '/', 1) = (select auth.uid())::text
    and exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid()))
  );

create policy "Customers detach images from their bookings"
  on public.booking_images for delete to authenticated
  using (exists (
    select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())
  ));

-- Processed Stripe webhook events, and the admin settings.

create table public.stripe_events (
  event_id text primary key check (char_length(event_id) between 1 and 255),
  type text not null check (char_length(type) between 1 and 255),
  received_at timestamptz not null default now()
);

comment on table public.stripe_events is 'Stripe event ids already processed, so a redelivered webhook is fulfilled once.';

create index stripe_events_received_at_idx on public.stripe_events (received_at);

-- Only the service role (the webhook handler) touches it: RLS on, no policies, no grants.
alter table public.stripe_events enable row level security;
revoke all on table public.stripe_events from anon, authenticated;
grant all on table public.stripe_events to service_role;

-- app_settings -------------------------------------------------------------------------------------

create table public.app_settings (
  -- A single row: the key can only be true.
  id boolean primary key default true check (id),
  company_name text not null default 'Metro Movers' check (char_length(company_name) between 1 and 200),
  admin_email text not null default 'hello@metromovers.example' check (char_length(admin_email) <= 320),
  admin_phone text not null default '(404) 555-0182' check (char_length(admin_phone) <= 40),
  default_service_area text not null default 'Atlanta, GA' check (char_length(default_service_area) <= 200),
  business_hours text not null default '8:00 AM - 6:00 PM' check (char_length(business_hours) <= 200),
  emergency_contact text not null default '' check (char_length(emergency_contact) <= 200),
  notifications_enabled boolean not null default true,
  email_alerts boolean not null default true,
  auto_confirm_bookings boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.app_settings is 'The admin settings screen; exactly one row.';

insert into public.app_settings (id) values (true) on conflict (id) do nothing;

-- Records who saved the settings last, whoever the client claims.
create function public.stamp_app_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at = now();
  new.updated_by = auth.uid();
  return new;
end;
$$;

revoke execute on function public.stamp_app_settings() from public, anon, authenticated;

create trigger app_settings_stamp
  before update on public.app_settings
  for each row execute function public.stamp_app_settings();

alter table public.app_settings enable row level security;

revoke all on table public.app_settings from anon, authenticated;
grant all on table public.app_settings to service_role;
grant select on table public.app_settings to anon, authenticated;
grant update (
  company_name, admin_email, admin_phone, default_service_area, business_hours, emergency_contact,
  notifications_enabled, email_alerts, auto_confirm_bookings
) on table public.app_settings to authenticated;

create policy "Everyone reads the settings"
  on public.app_settings for select to anon, authenticated
  using (true);

create policy "Admins change the settings"
  on public.app_settings for update to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

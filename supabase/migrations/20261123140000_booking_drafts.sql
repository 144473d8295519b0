-- What a customer has entered in the booking wizard so far, kept on the server so that it survives
-- Previous, Back, a refresh, a dropped connection and a later visit. The browser holds only the
-- draft's id, in a signed cookie. Only the server (service role) reads and writes drafts.

create table public.booking_drafts (
  id uuid primary key default gen_random_uuid(),
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object' and octet_length(data::text) <= 16384),
  user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.booking_drafts is 'Booking wizard drafts; the id lives in a signed cookie; forgotten after 30 days without a change.';

create index booking_drafts_updated_at_idx on public.booking_drafts (updated_at);

create trigger booking_drafts_set_updated_at
  before update on public.booking_drafts
  for each row execute function public.set_updated_at();

alter table public.booking_drafts enable row level security;
revoke all on table public.booking_drafts from anon, authenticated;
grant all on table public.booking_drafts to service_role;

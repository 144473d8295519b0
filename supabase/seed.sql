-- Local development seed, run after the migrations (`supabase db reset`, or the embedded emulator's
-- first start). Safe to run again. No accounts and no secrets here: the app creates the admin account
-- at start through the auth admin API, from ADMIN_EMAIL / ADMIN_PASSWORD or a generated password.

insert into public.app_settings (id) values (true) on conflict (id) do nothing;

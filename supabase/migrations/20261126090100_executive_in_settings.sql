-- Every admin page's header shows who runs the company: their name and title are company settings.
-- The row already here gets the app's starting values; new rows get them from the app, which inserts
-- the single settings row at start-up (so the columns keep no default).

alter table public.app_settings
  add column executive_name text not null default 'Jordan Ellis' check (char_length(executive_name) between 1 and 120),
  add column executive_title text not null default 'Founder & CEO' check (char_length(executive_title) between 1 and 120);

alter table public.app_settings
  alter column executive_name drop default,
  alter column executive_title drop default;

grant select (executive_name, executive_title) on table public.app_settings to anon, authenticated;
grant update (executive_name, executive_title) on table public.app_settings to authenticated;

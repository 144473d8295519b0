-- How far a move's final bill may come above the estimate the customer accepted before they must
-- approve it: a company setting, 10% unless the company sets otherwise (0 to 100). Within it the office
-- charges the bill; above it the office charges up to it, and the rest once the customer approves.

alter table public.app_settings
  add column bill_margin_percent smallint not null default 10
    constraint app_settings_bill_margin_percent_range check (bill_margin_percent between 0 and 100);

comment on column public.app_settings.bill_margin_percent is
  'A final bill more than this share (percent) above the accepted estimate needs the customer''s approval before it is charged in full.';

-- Customers are told the rule on their bill, as they are told the rules of their own changes.
grant select (bill_margin_percent) on table public.app_settings to anon, authenticated;

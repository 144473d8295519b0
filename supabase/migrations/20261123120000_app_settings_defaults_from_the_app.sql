-- The company's facts and the settings' starting values are written once, in the app, which inserts the
-- single settings row from them at start-up when it is missing. The row already here stays as it is:
-- an admin may have edited it.

alter table public.app_settings
  alter column company_name drop default,
  alter column admin_email drop default,
  alter column admin_phone drop default,
  alter column default_service_area drop default,
  alter column business_hours drop default,
  alter column emergency_contact drop default,
  alter column notifications_enabled drop default,
  alter column email_alerts drop default,
  alter column auto_confirm_bookings drop default;

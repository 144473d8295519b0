-- Cost columns named by their unit: every amount in a booking is integer cents.

alter table public.bookings rename column estimated_cost to estimated_cost_cents;
alter table public.bookings rename column final_cost to final_cost_cents;
alter table public.bookings rename column deposit_amount to deposit_amount_cents;

alter table public.bookings rename constraint bookings_estimated_cost_check to bookings_estimated_cost_cents_check;
alter table public.bookings rename constraint bookings_final_cost_check to bookings_final_cost_cents_check;
alter table public.bookings rename constraint bookings_deposit_amount_check to bookings_deposit_amount_cents_check;

-- A customer's booking page shows every payment and refund, each with its receipt: the refunds of
-- their own bookings are theirs to read (staff read them all, as before).

create policy "Customers read their own bookings' refunds"
  on public.deposit_refunds for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid())));

import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Each area has a layout that owns its guard, its page frame and its error boundary.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/landing.tsx"),
    route("reset-password", "routes/public/reset-password.tsx"),
    // Where the sign-up confirmation email links (hosted Supabase with email confirmations on).
    route("auth/confirm", "routes/public/confirm-email.tsx"),
    // Where Stripe Checkout sends the customer back.
    route("payment-success", "routes/public/payment-success.tsx"),
    route("payment-canceled", "routes/public/payment-canceled.tsx"),
    // The accessibility statement, linked from every page's footer.
    route("accessibility", "routes/public/accessibility.tsx"),
    // A booking opened by the 'Manage your booking' link of its emails (`?token=`), without signing in.
    route("manage", "routes/public/manage-booking.tsx"),
    // The same link's calendar for a new day and start time (`?token=`).
    route("manage/reschedule", "routes/public/manage-reschedule.tsx"),
    // One payment's or refund's receipt, printable, for the holder of the same link (`?token=…&receipt=…`).
    route("manage/receipt", "routes/public/manage-receipt.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // Resource route: the paid move as a calendar file, linked from the payment page.
  route("payment-success/move.ics", "routes/public/move-calendar.ts"),
  // Resource route: the move as a calendar file, for the holder of its manage link.
  route("manage/move.ics", "routes/public/manage-calendar.ts"),
  // Resource route: the manage link's reschedule calendar's free days and times.
  route("manage/availability", "routes/public/manage-availability.ts"),
  // Resource route: the sign-out form posts here from every frame.
  route("logout", "routes/public/logout.tsx"),
  // Resource route: Stripe delivers its signed webhook events here.
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  layout("routes/book/layout.tsx", [
    // The wizard's steps, a route module each so that a step's page loads its own code alone. Not an
    // index route for the first step: its form posts to /book itself.
    route("book", "routes/book/contact.tsx"),
    route("book/details", "routes/book/details.tsx"),
    route("book/team", "routes/book/team.tsx"),
    route("book/service", "routes/book/service.tsx"),
    route("book/addons", "routes/book/addons.tsx"),
    route("book/review", "routes/book/review.tsx"),
    // Resource route: the add-ons step's photo forms post here.
    route("book/photos", "routes/book/photos.tsx"),
    // Resource route: the details step's free days and times, as the customer changes the date or the month.
    route("book/availability", "routes/book/availability.ts"),
    // Resource route: a booking photo or its thumbnail, for its owner only (the bucket is private).
    route("book/photos/:ownerId/drafts/:draftId/:fileName", "routes/book/booking-photo.ts"),
  ]),
  layout("routes/dashboard/layout.tsx", [
    ...prefix("dashboard", [
      // The tabs share a header and their links; each is a page of its own, so that each loads its own code alone.
      layout("routes/dashboard/tabs-layout.tsx", [
        index("routes/dashboard/overview.tsx"),
        route("profile", "routes/dashboard/profile.tsx"),
        route("gallery", "routes/dashboard/gallery.tsx"),
      ]),
      route("bookings", "routes/dashboard/bookings.tsx"),
      route("bookings/:bookingId", "routes/dashboard/booking-details.tsx"),
      // A new day and start time for the booking: the calendar, and without JavaScript its month pages and free times.
      route("bookings/:bookingId/reschedule", "routes/dashboard/booking-reschedule.tsx"),
      // One payment's or refund's receipt, printable.
      route("bookings/:bookingId/receipts/:receiptId", "routes/dashboard/booking-receipt.tsx"),
      // Resource route: the reschedule calendar's free days and times, as the customer changes the month or the date.
      route("bookings/:bookingId/availability", "routes/dashboard/booking-availability.ts"),
      // Resource route: 'Pay deposit' posts here from the overview and the booking's page.
      route("bookings/:bookingId/pay", "routes/dashboard/pay-deposit.ts"),
      // Resource route: the gallery's uploader posts here, with and without JavaScript.
      route("gallery/upload", "routes/dashboard/gallery-upload.ts"),
      // Resource route: the gallery's photos and thumbnails, for their owner only.
      route("gallery/:imageId/:variant", "routes/dashboard/gallery-image.ts"),
    ]),
  ]),
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      // The dashboard: its heading, stat cards and tabs, each tab a page that loads its own data and code.
      layout("routes/admin/overview-layout.tsx", [
        index("routes/admin/overview.tsx"),
        // Not /admin/users or /admin/analytics: those are the full pages these tabs preview.
        route("overview/users", "routes/admin/overview-users.tsx"),
        route("overview/analytics", "routes/admin/overview-analytics.tsx"),
      ]),
      route("bookings", "routes/admin/bookings.tsx"),
      // Resource route: the bookings table's filtered list as a CSV download.
      route("bookings/export", "routes/admin/bookings-export.ts"),
      route("pending", "routes/admin/pending.tsx"),
      route("active", "routes/admin/active.tsx"),
      // The crews' day (`?day=`), two weeks at a glance, and the crews of each day and weekday.
      route("schedule", "routes/admin/schedule.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      // The crews' names, and their tips by month for payroll.
      route("crews", "routes/admin/crews.tsx"),
      // Resource route: the crews' tips as a CSV download.
      route("crews/tips.csv", "routes/admin/crew-tips-export.ts"),
      route("settings", "routes/admin/settings.tsx"),
      // Every message to customers and the office, newest first (`?status=failed`, `?page=`), with 'Send again'.
      route("messages", "routes/admin/messages.tsx"),
      // The embedded mail catcher's inbox (embedded mode only): a page of messages, one message, an attachment.
      route("mail", "routes/admin/mail.tsx"),
      route("mail/:messageId", "routes/admin/mail-message.tsx"),
      route("mail/:messageId/attachments/:index", "routes/admin/mail-attachment.ts"),
      // One booking: its details (and the Refund its deposit may be owed), the edit form, the cancellation step.
      route("bookings/:bookingId", "routes/admin/booking-details.tsx"),
      route("bookings/:bookingId/edit", "routes/admin/booking-edit.tsx"),
      route("bookings/:bookingId/availability", "routes/admin/booking-availability.ts"),
      route("bookings/:bookingId/cancel", "routes/admin/booking-cancel.tsx"),
      route("bookings/:bookingId/bill", "routes/admin/booking-bill.tsx"),
      // Resource route: the sidebar's toggle posts here without JavaScript.
      route("sidebar", "routes/admin/sidebar.ts"),
    ]),
  ]),
] satisfies RouteConfig;

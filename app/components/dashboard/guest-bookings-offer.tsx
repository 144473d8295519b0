import { Form, href } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/**
 * Bookings made as a guest with the account's address join the account by the password reset link:
 * it proves the inbox and, with the new password, ends every other session, so an account someone
 * else signed up for first with this address becomes the customer's alone. The offer names no count:
 * whoever holds the account before that proof must not learn whether the address booked a move.
 */
export function GuestBookingsOffer({ email }: { email: string }) {
  return (
    <section aria-labelledby="guest-bookings-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id="guest-bookings-heading" className="font-semibold">
        Booked with us before as a guest?
      </h3>
      <p className="mt-1 text-slate-600">
        Bookings made with {email} join this account once you choose a new password from the link we email there. The new password signs out every other
        browser.
      </p>
      <Form method="post" action={`${href("/")}?index`} className="mt-3">
        <input type="hidden" name="intent" value="forgot" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={href("/dashboard")} />
        <button type="submit" className={buttonClasses("outline", "md")}>
          Email me the link
        </button>
      </Form>
    </section>
  );
}

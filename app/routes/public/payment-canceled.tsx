import { ArrowLeft, CircleX } from "lucide-react";
import { Link, href } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { pageMeta } from "../frame-meta";
import type { Route } from "./+types/payment-canceled";

/** The wizard's review, where the deposit is paid: the booking is kept and can be paid from there. */
const BACK_TO_BOOKING = href("/book/review");

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta("Payment Canceled", matches), { name: "robots", content: "noindex" }];

/** Stripe Checkout sends the customer here when they leave without paying. */
export default function PaymentCanceled() {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <CircleX aria-hidden className="size-12 text-slate-500" />
      <h1 className="text-2xl font-bold">Payment Canceled</h1>
      <p className="text-slate-700">Your payment was canceled. No charges were made.</p>
      <p className="text-slate-600">You can go back to your booking and pay the deposit whenever you are ready.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={BACK_TO_BOOKING} className={buttonClasses("primary", "md")}>
          <ArrowLeft aria-hidden className="size-5" />
          Back to Booking
        </Link>
        <Link to={href("/")} className={buttonClasses("outline", "md")}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}

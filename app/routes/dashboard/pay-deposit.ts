import { data } from "react-router";
import type { Route } from "./+types/pay-deposit";

/** 'Pay deposit' on a booking whose deposit is unpaid, failed or expired: a new Checkout for it. */
export async function action(_args: Route.ActionArgs) {
  return data(null, { status: 405 });
}

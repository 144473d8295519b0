import type { RouterContextProvider } from "react-router";
import { settingsContext } from "~/context";
import { todayIn } from "~/domain/booking-schemas";

/**
 * The company's clock for this request, from its settings: the time zone, and today's date on it
 * (move dates are judged against it).
 */
export async function companyDay(context: Readonly<RouterContextProvider>): Promise<{ timeZone: string; today: string }> {
  const { timeZone } = await context.get(settingsContext)();
  return { timeZone, today: todayIn(timeZone) };
}

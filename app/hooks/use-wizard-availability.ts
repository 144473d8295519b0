import { useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import type { WizardAvailability } from "~/domain/capacity";
import { AVAILABILITY_QUERY } from "~/domain/date-picker-month";

type Answer = WizardAvailability | { error: string };

export interface AvailabilityQuestion {
  month: string;
  date?: string;
  size?: string;
}

/**
 * The details step's free days and times with JavaScript: what the server rendered, then what
 * /book/availability answers as the customer changes the month, the date or the size of the home (the
 * newest question wins). A failed answer keeps what is shown and says so.
 */
export function useWizardAvailability(rendered: WizardAvailability) {
  const fetcher = useFetcher<Answer>();
  const asked = useRef<string | null>(null);
  const fetched = fetcher.data && !("error" in fetcher.data) ? fetcher.data : null;
  // A new page (the step posted and answered) brings its own: what was fetched before it is older.
  const [page, setPage] = useState({ rendered, fetchedBefore: fetched });
  if (page.rendered !== rendered) setPage({ rendered, fetchedBefore: fetched });
  const shown = fetched && fetched !== page.fetchedBefore ? fetched : rendered;

  const ask = ({ month, date, size }: AvailabilityQuestion) => {
    const query = new URLSearchParams({ [AVAILABILITY_QUERY.month]: month });
    if (date) query.set(AVAILABILITY_QUERY.date, date);
    if (size) query.set(AVAILABILITY_QUERY.size, size);
    const key = query.toString();
    if (key === asked.current) return;
    asked.current = key;
    void fetcher.load(`${href("/book/availability")}?${key}`);
  };
  const failed = fetcher.state === "idle" && fetcher.data !== undefined && "error" in fetcher.data ? fetcher.data.error : null;
  return { availability: shown, ask, loading: fetcher.state === "loading", failed };
}

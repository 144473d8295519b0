import { useRef, useState } from "react";
import { href } from "react-router";
import type { WizardAvailability } from "~/domain/capacity";
import { AVAILABILITY_QUERY } from "~/domain/date-picker-month";

export interface AvailabilityQuestion {
  month: string;
  date?: string;
  size?: string;
}

const COULD_NOT_LOAD = "Free times could not be loaded. Please try again.";

/**
 * A month calendar's free days and times with JavaScript: what the server rendered, then what
 * `endpoint` (the wizard's /book/availability unless given; it may carry a query of its own) answers as
 * the month, the date or the size of the home changes. Only the answer to the newest question is
 * shown, whatever order the answers arrive in; a failed answer keeps what is shown and says so.
 */
export function useWizardAvailability(rendered: WizardAvailability, endpoint: string = href("/book/availability")) {
  const [fetched, setFetched] = useState<WizardAvailability | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const newest = useRef(0);
  // A new page (the step posted and answered) brings its own: what was fetched before it is older.
  const [page, setPage] = useState({ rendered, fetchedBefore: fetched });
  if (page.rendered !== rendered) setPage({ rendered, fetchedBefore: fetched });
  const shown = fetched && fetched !== page.fetchedBefore ? fetched : rendered;

  const ask = async ({ month, date, size }: AvailabilityQuestion) => {
    const query = new URLSearchParams(endpoint.split("?")[1]);
    query.set(AVAILABILITY_QUERY.month, month);
    if (date) query.set(AVAILABILITY_QUERY.date, date);
    if (size) query.set(AVAILABILITY_QUERY.size, size);
    const question = ++newest.current;
    setLoading(true);
    try {
      const response = await fetch(`${endpoint.split("?")[0]}?${query}`, { headers: { Accept: "application/json" } });
      const answer = (await response.json()) as WizardAvailability | { error: string };
      if (question !== newest.current) return;
      if (!response.ok || "error" in answer) setFailed("error" in answer ? answer.error : COULD_NOT_LOAD);
      else {
        setFetched(answer);
        setFailed(null);
      }
    } catch {
      if (question === newest.current) setFailed(COULD_NOT_LOAD);
    } finally {
      if (question === newest.current) setLoading(false);
    }
  };
  return { availability: shown, ask: (question: AvailabilityQuestion) => void ask(question), loading, failed };
}

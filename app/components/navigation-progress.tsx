import { useNavigation } from "react-router";

/**
 * A thin bar at the top while the next page's data loads (client-side navigations and form posts),
 * announced as "Loading..." to screen readers. Without JavaScript the browser shows its own progress.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1">
      {busy ? (
        <>
          <div className="h-full w-1/3 rounded-r bg-accent-500 motion-safe:animate-[progress_1.2s_ease-in-out_infinite]" />
          <span className="sr-only">Loading...</span>
        </>
      ) : null}
    </div>
  );
}

import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser. The component that
 * reads it renders again, at once, just after hydration: keep it to what looks different without
 * scripts (`WithoutScripts`), and use `useLiveCheck` where only an event handler needs to know.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * For event handlers: whether the component is live (hydrated, its effects run), so a press that
 * arrives before then is left to the browser's own handling (a form post). Nothing renders again
 * when it becomes live.
 */
export function useLiveCheck(): () => boolean {
  const live = useRef(false);
  useEffect(() => {
    live.current = true;
  }, []);
  return useCallback(() => live.current, []);
}

import type { ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * What only a page without JavaScript needs, such as a button that posts the form for the server to do
 * what the scripts do in place: shown until the page is hydrated, then gone. A component of its own so
 * that the re-render hydration brings touches only it, not the form around it.
 */
export function WithoutScripts({ children }: { children: ReactNode }) {
  return useHydrated() ? null : children;
}

import { lazy, Suspense, useSyncExternalStore, type ComponentProps, type ComponentType } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";
import type { Toast } from "~/domain/toast";

/**
 * Sonner (its code, and the styles it adds to the page as it loads) comes with the first toast rather
 * than with every page: most pages never show one, and a slow phone spends its first seconds on the
 * page's own scripts.
 */
const loadSonner = () => import("sonner");

let asked = false;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shows a toast once sonner is here; a toast asked for before its container mounts is kept for it. */
export function showToast(kind: Toast["type"], title: string, options?: ExternalToast): void {
  if (!asked) {
    asked = true;
    for (const listener of listeners) listener();
  }
  // Without sonner's code (a network failure) the toast is not shown; the page goes on.
  void loadSonner().then(
    ({ toast }) => toast[kind](title, options),
    () => undefined,
  );
}

type ToasterProps = ComponentProps<typeof SonnerToaster>;

const LazyToaster = lazy((): Promise<{ default: ComponentType<ToasterProps> }> =>
  loadSonner().then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

/** Where toasts appear: mounted once the first toast is asked for. */
export function Toasts(props: ToasterProps) {
  const shown = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  ) : null;
}

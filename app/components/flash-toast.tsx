import { useEffect } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { titleAsSentence, type Toast } from "~/domain/toast";
import { showToast } from "./toasts";

/**
 * Shows the message a redirect carried: in the page as the server renders it, replaced by a sonner
 * toast once JavaScript runs. (Not <noscript>: a browser that blocks scripts some other way would
 * show nothing.)
 */
export function FlashToast({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!toast) return;
    // A toast asked for before its container mounts is shown once it does: one right after hydration is not lost.
    showToast(toast.type, toast.title, { id: toast.id, description: toast.description });
  }, [toast]);

  if (!toast || hydrated) return null;
  return (
    <div role="status" className={`px-4 py-3 text-center text-sm ${toast.type === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}>
      <strong>{toast.description ? titleAsSentence(toast.title) : toast.title}</strong>
      {toast.description ? ` ${toast.description}` : null}
    </div>
  );
}

import { useEffect } from "react";
import { toast as showToast } from "sonner";
import type { Toast } from "~/services/toast.server";

/**
 * Shows the message a redirect carried: a sonner toast once JavaScript runs, and the same words in
 * the page (noscript) when it does not.
 */
export function FlashToast({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "success" ? showToast.success : toast.type === "error" ? showToast.error : showToast.info;
    // Sonner defers the first toasts until its container mounts, so a toast right after hydration is not lost.
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);

  if (!toast) return null;
  return (
    <noscript>
      <div role="status" className={`px-4 py-3 text-center text-sm ${toast.type === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"}`}>
        <strong>{toast.title}</strong>
        {toast.description ? ` ${toast.description}` : null}
      </div>
    </noscript>
  );
}

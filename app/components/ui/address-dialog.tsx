import * as Dialog from "@radix-ui/react-dialog";
import type { MouseEventHandler, ReactNode } from "react";
import { useNavigate } from "react-router";

const WIDTHS = { md: "sm:max-w-md", wide: "sm:max-w-3xl" } as const;

/**
 * A modal dialog opened by the page's address (a query parameter), so the server renders it open and
 * it works before JavaScript. It is not portalled, so the server's render is the dialog itself. Once
 * hydrated Radix keeps focus inside, and Escape or the overlay go to `closeTo`.
 *
 * The panel takes pointer events itself: when Radix turns them off for the rest of the page, the
 * panel would otherwise miss them until its next render, and a press made as the page hydrates
 * would land on the overlay and be lost.
 */
export function AddressDialog({
  closeTo,
  replace = false,
  labelledBy,
  describedBy,
  width = "md",
  darkOverlay = false,
  className = "",
  onMouseDown,
  children,
}: {
  closeTo: string;
  /** Closing replaces the history entry of the open dialog instead of adding one. */
  replace?: boolean;
  labelledBy: string;
  describedBy?: string;
  width?: keyof typeof WIDTHS;
  darkOverlay?: boolean;
  className?: string;
  onMouseDown?: MouseEventHandler<HTMLDivElement>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true, replace })}>
      <Dialog.Overlay className={`fixed inset-0 z-50 ${darkOverlay ? "bg-slate-900/70" : "bg-slate-900/60"}`} />
      <Dialog.Content
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onMouseDown={onMouseDown}
        className={`pointer-events-auto fixed inset-x-0 bottom-0 z-50 max-h-dvh overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full ${WIDTHS[width]} sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${className}`}
      >
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}

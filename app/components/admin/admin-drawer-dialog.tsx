import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { DRAWER_CLOSE_CLASSES, DRAWER_PANEL_CLASSES, DRAWER_TRIGGER_CLASSES, DrawerContents, type AdminDrawerProps } from "./admin-drawer-parts";

/** The drawer as a Radix dialog: focus kept inside, Escape closes, a link closes it as it navigates. */
export function AdminDrawerDialog({ open, onOpenChange, ...props }: AdminDrawerProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={DRAWER_TRIGGER_CLASSES} aria-label="Open admin menu">
        <Menu aria-hidden className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
        <Dialog.Content className={`fixed inset-y-0 left-0 z-50 md:hidden ${DRAWER_PANEL_CLASSES}`} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
          <Dialog.Close className={DRAWER_CLOSE_CLASSES} aria-label="Close menu">
            <X aria-hidden className="size-6" />
          </Dialog.Close>
          <DrawerContents {...props} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Menu, X } from "lucide-react";
import { useState, type ComponentProps, type ComponentType } from "react";
import { onDemand } from "~/components/on-demand";
import { useHydrated } from "~/hooks/use-hydrated";
import { useOpenedBeforeHydration } from "~/hooks/use-opened-before-hydration";
import type { AdminDrawerDialog as AdminDrawerDialogType } from "./admin-drawer-dialog";
import { DRAWER_CLOSE_CLASSES, DRAWER_PANEL_CLASSES, DRAWER_TRIGGER_CLASSES, DrawerContents, type AdminDrawerProps } from "./admin-drawer-parts";

const DRAWER_ID = "admin-menu";

type DialogDrawer = ComponentType<ComponentProps<typeof AdminDrawerDialogType>>;

/** The dialog's code, fetched once (again after a failure): few open the menu, and only on a phone. */
const dialogDrawer = onDemand(() => import("./admin-drawer-dialog").then((module) => module.AdminDrawerDialog));

/**
 * The sidebar below 768px: an 18rem drawer. Before JavaScript it is a CSS :target drawer (the trigger
 * links to #admin-menu, and following a link inside leaves it); once hydrated it is a button whose
 * first press fetches the Radix dialog's code (begun already as the pointer or focus reaches it) and
 * opens it. A drawer opened before then comes up open as the dialog.
 */
export function AdminDrawer(props: AdminDrawerProps) {
  return useHydrated() ? <ButtonDrawer {...props} /> : <TargetDrawer {...props} />;
}

function TargetDrawer(props: AdminDrawerProps) {
  return (
    <>
      <a href={`#${DRAWER_ID}`} className={DRAWER_TRIGGER_CLASSES} aria-label="Open admin menu">
        <Menu aria-hidden className="size-6" />
      </a>
      <div id={DRAWER_ID} className="fixed inset-0 z-50 hidden target:flex md:target:hidden">
        <a href="#top" aria-label="Close menu" className="absolute inset-0 bg-slate-900/50" />
        <div className={`relative ${DRAWER_PANEL_CLASSES}`}>
          <a href="#top" aria-label="Close menu" className={DRAWER_CLOSE_CLASSES}>
            <X aria-hidden className="size-6" />
          </a>
          <DrawerContents {...props} />
        </div>
      </div>
    </>
  );
}

function ButtonDrawer(props: AdminDrawerProps) {
  const [Dialog, setDialog] = useState<DialogDrawer | undefined>(() => dialogDrawer.current());
  const [open, setOpen] = useState(false);
  const openDialog = () => {
    dialogDrawer.fetchCode().then(
      (component) => {
        setDialog(() => component);
        setOpen(true);
      },
      // Nothing opens; the next press tries again.
      () => undefined,
    );
  };
  useOpenedBeforeHydration(DRAWER_ID, openDialog);
  if (Dialog) return <Dialog {...props} open={open} onOpenChange={setOpen} />;
  const preload = () => void dialogDrawer.fetchCode().catch(() => undefined);
  return (
    <button
      type="button"
      className={DRAWER_TRIGGER_CLASSES}
      aria-label="Open admin menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={openDialog}
    >
      <Menu aria-hidden className="size-6" />
    </button>
  );
}

import { Menu, X } from "lucide-react";
import { useRef } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useOpenedBeforeHydration } from "~/hooks/use-opened-before-hydration";
import { buttonClasses } from "./ui/button";

export interface MenuLink {
  href: string;
  label: string;
}

interface MobileMenuProps {
  sectionLinks: MenuLink[];
  accountLinks: MenuLink[];
}

const panelClasses = "flex h-full w-72 max-w-[85vw] flex-col gap-2 bg-white p-6 shadow-xl";
const linkClasses = "rounded-lg px-3 py-3 text-lg font-medium text-slate-800 hover:bg-slate-100";
const triggerClasses = buttonClasses("ghost", "sm", "size-11 px-0 md:hidden");
const MENU_ID = "mobile-menu";

/**
 * The side menu below 768px. Before JavaScript it is a CSS :target drawer: the trigger links to
 * #mobile-menu and following any link inside closes it. Once hydrated it is the browser's own modal
 * dialog (the page behind it inert, Escape closes, focus back on the trigger, no history entries):
 * no dialog library in the first page's scripts. Opened before then, it comes up open.
 */
export function MobileMenu(props: MobileMenuProps) {
  return useHydrated() ? <DialogMenu {...props} /> : <TargetMenu {...props} />;
}

function MenuLinks({ sectionLinks, accountLinks, onNavigate }: MobileMenuProps & { onNavigate?: () => void }) {
  return (
    <nav aria-label="Mobile" className="flex flex-col gap-1">
      {[...sectionLinks, ...accountLinks].map((link) => (
        <a key={link.href} href={link.href} className={linkClasses} onClick={onNavigate}>
          {link.label}
        </a>
      ))}
    </nav>
  );
}

function TargetMenu(props: MobileMenuProps) {
  return (
    <>
      <a href={`#${MENU_ID}`} className={triggerClasses} aria-label="Open menu">
        <Menu aria-hidden className="size-6" />
      </a>
      <div id={MENU_ID} className="fixed inset-0 z-50 hidden justify-end target:flex md:target:hidden">
        <a href="#top" aria-label="Close menu" className="absolute inset-0 bg-slate-900/50" />
        <div className={`relative ${panelClasses}`}>
          <a href="#top" className={`${triggerClasses} self-end`} aria-label="Close menu">
            <X aria-hidden className="size-6" />
          </a>
          <MenuLinks {...props} />
        </div>
      </div>
    </>
  );
}

function DialogMenu(props: MobileMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = () => dialog.current?.showModal();
  const close = () => dialog.current?.close();
  useOpenedBeforeHydration(MENU_ID, open);
  return (
    <>
      <button type="button" className={triggerClasses} aria-label="Open menu" aria-haspopup="dialog" onClick={open}>
        <Menu aria-hidden className="size-6" />
      </button>
      {/* A click on the backdrop lands on the dialog element itself and closes the menu; the keyboard has Escape. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none bg-transparent p-0 backdrop:bg-slate-900/50 md:hidden"
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className={panelClasses}>
          <button type="button" className={`${triggerClasses} self-end`} aria-label="Close menu" onClick={close}>
            <X aria-hidden className="size-6" />
          </button>
          <MenuLinks {...props} onNavigate={close} />
        </div>
      </dialog>
    </>
  );
}

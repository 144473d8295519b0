import type { MouseEvent, ReactNode } from "react";
import { useCompany } from "./company-context";
import { showToast } from "./toasts";

/** Phones and tablets: the main pointer is a finger, or nothing can hover. */
const CAN_PLACE_CALLS = "(pointer: coarse), (any-hover: none)";

/**
 * A tel: link to the company's phone line. On a device that can place calls it dials. Elsewhere,
 * once JavaScript runs, it copies the number and says so, since a desktop browser usually has
 * nothing to dial with; without a clipboard it dials as before.
 */
export function PhoneLink({ className, children }: { className: string; children: ReactNode }) {
  const company = useCompany();
  async function copyUnlessItCanCall(event: MouseEvent<HTMLAnchorElement>) {
    if (!navigator.clipboard || window.matchMedia(CAN_PLACE_CALLS).matches) return;
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(company.phoneDisplay);
      showToast("success", "Phone number copied!", { description: company.phoneDisplay });
    } catch {
      window.location.href = `tel:${company.phoneE164}`;
    }
  }

  return (
    <a href={`tel:${company.phoneE164}`} onClick={copyUnlessItCanCall} className={className}>
      {children}
    </a>
  );
}

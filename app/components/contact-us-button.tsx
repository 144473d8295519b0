import { Phone } from "lucide-react";
import type { MouseEvent } from "react";
import { toast } from "sonner";
import { COMPANY } from "~/domain/company";

/**
 * A tel: link that works everywhere. Once JavaScript runs it copies the number instead and says so
 * (SPEC.md §2); if the clipboard is unavailable the link dials as before.
 */
export function ContactUsButton({ className }: { className: string }) {
  async function copyPhoneNumber(event: MouseEvent<HTMLAnchorElement>) {
    if (!navigator.clipboard) return;
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(COMPANY.phoneDisplay);
      toast.success("Phone number copied!", { description: COMPANY.phoneDisplay });
    } catch {
      window.location.href = `tel:${COMPANY.phoneE164}`;
    }
  }

  return (
    <a href={`tel:${COMPANY.phoneE164}`} onClick={copyPhoneNumber} className={className}>
      <Phone aria-hidden className="size-5" />
      Contact Us
    </a>
  );
}

import { Phone } from "lucide-react";
import { PhoneLink } from "./phone-link";

/** The hero's Contact Us: dials on a phone, copies the number elsewhere. */
export function ContactUsButton({ className }: { className: string }) {
  return (
    <PhoneLink className={className}>
      <Phone aria-hidden className="size-5" />
      Contact Us
    </PhoneLink>
  );
}

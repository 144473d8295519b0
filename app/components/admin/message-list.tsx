import { LoaderCircle, RotateCw } from "lucide-react";
import { Link, href, useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { RESEND_MESSAGE_INTENT, type MessageStatus, type MessageView } from "~/domain/admin-messages";

const STATUS_CLASSES: Record<MessageStatus, string> = {
  queued: "text-slate-700",
  sending: "text-slate-700",
  sent: "text-emerald-700",
  failed: "font-medium text-red-700",
  void: "text-slate-500",
};

/**
 * Messages as a list that wraps on a phone: what kind, to whom, about which booking (when asked), when
 * it goes or went, and its status, with 'Send again' for a failed one to whoever may change bookings.
 */
export function MessageList({ messages, showBooking, canResend }: { messages: readonly MessageView[]; showBooking: boolean; canResend: boolean }) {
  return (
    <ul aria-label="Messages" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {messages.map((message) => (
        <li key={message.id} className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-medium text-slate-900">{message.kind}</p>
            <p className="text-slate-600 [overflow-wrap:anywhere]">
              To {message.to}
              {showBooking && message.booking ? (
                <>
                  {" · "}
                  <Link
                    to={href("/admin/bookings/:bookingId", { bookingId: message.booking.id })}
                    className="text-blue-700 underline underline-offset-2"
                    aria-label={`Booking ${message.booking.shortId}`}
                  >
                    {`#${message.booking.shortId}`}
                  </Link>
                </>
              ) : null}
              {" · "}
              {message.when}
            </p>
            <p className={`[overflow-wrap:anywhere] ${STATUS_CLASSES[message.status]}`}>{message.statusLabel}</p>
          </div>
          {canResend && message.canResend ? <SendAgain message={message} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** 'Send again': a plain form posting to the page it is on; with JavaScript, a fetcher that shows it is busy. */
function SendAgain({ message }: { message: MessageView }) {
  const fetcher = useFetcher({ key: `resend-message-${message.id}` });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" preventScrollReset className="shrink-0">
      <input type="hidden" name="intent" value={RESEND_MESSAGE_INTENT} />
      <input type="hidden" name="messageId" value={message.id} />
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        aria-label={`Send again: ${message.kind} to ${message.to}`}
        className={buttonClasses("outline", "sm")}
      >
        {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RotateCw aria-hidden className="size-4" />}
        {pending ? "Sending…" : "Send again"}
      </button>
    </fetcher.Form>
  );
}

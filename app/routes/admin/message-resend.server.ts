import { data, redirect, type RouterContextProvider } from "react-router";
import { sessionContext } from "~/context";
import { z } from "zod";
import { RESEND_MESSAGE_INTENT, RESEND_MESSAGES } from "~/domain/admin-messages";
import { ensurePermission } from "~/middleware/guards.server";
import { resendMessage } from "~/services/messages.server";
import { currentAccount } from "~/services/session.server";
import { setToast } from "~/services/toast.server";
import { samePage } from "./bookings-table.server";

const resendMessageSchema = z.object({
  intent: z.literal(RESEND_MESSAGE_INTENT),
  messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * 'Send again' on a failed message, from any page that lists messages (`form` is its body): for staff
 * who may change bookings, and the database checks the same. With `bookingId`, only that booking's
 * messages. Back to the same page with a toast.
 */
export async function resendMessageAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  scope: { bookingId?: string } = {},
): Promise<Response> {
  await ensurePermission(request, context, "bookings:write");
  const parsed = resendMessageSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data(RESEND_MESSAGES.invalid, { status: 400 });
  const result = await resendMessage(context.get(sessionContext).supabase, parsed.data.messageId, scope);
  switch (result.kind) {
    case "queued":
      await setToast(context, { type: "success", title: RESEND_MESSAGES.queued, description: RESEND_MESSAGES.queuedDescription });
      break;
    case "not-failed":
      await setToast(context, { type: "error", title: RESEND_MESSAGES.notFailed });
      break;
    case "not-found":
      throw data(RESEND_MESSAGES.notFound, { status: 404 });
    case "forbidden":
      throw data({ account: await currentAccount(context) }, { status: 403 });
    default:
      result satisfies never;
  }
  return redirect(samePage(request));
}

import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import type { Mailbox } from "~/domain/mailbox";
import { ensurePermission } from "~/middleware/guards.server";

/**
 * The embedded mail catcher's inbox, for staff who may change settings (admins). Without the
 * catcher (mail goes to a real SMTP server) these pages do not exist: 404.
 */
export async function openMailbox(request: Request, context: Readonly<RouterContextProvider>): Promise<Mailbox> {
  const mailbox = context.get(servicesContext).mailbox;
  if (!mailbox) throw data(null, { status: 404 });
  await ensurePermission(request, context, "settings:write");
  return mailbox;
}

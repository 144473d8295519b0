import { createCookie, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext, type RequestFacts } from "~/context";
import type { Toast, ToastInput } from "~/domain/toast";
import { toastSchema } from "~/domain/toast-schema";

/** A short-lived signed cookie carries one message across a redirect (with or without JavaScript). */
export function createToastCookie(options: { secret: string; secure: boolean }) {
  return createCookie("flash_toast", {
    secrets: [options.secret],
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge: 60,
  });
}

/** Queues the message on the response being built; the next page shows it. */
export async function setToast(context: Readonly<RouterContextProvider>, toast: ToastInput): Promise<void> {
  const cookie = context.get(servicesContext).toastCookie;
  context.get(requestContext).responseHeaders.append("Set-Cookie", await cookie.serialize({ ...toast, id: crypto.randomUUID() }));
}

// The requests whose page read the pending message: it is cleared once the answer is known to show it.
const taken = new WeakSet<RequestFacts>();

/** Reads the pending message, if any; `clearShownToast` clears it once the page shows it. */
export async function takeToast(request: Request, context: Readonly<RouterContextProvider>): Promise<Toast | null> {
  const cookie = context.get(servicesContext).toastCookie;
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookie.name}=`)) return null;
  taken.add(context.get(requestContext));
  const parsed = toastSchema.safeParse(await cookie.parse(header));
  return parsed.success ? parsed.data : null;
}

/**
 * Clears the message this request's page read, so it shows once: unless the answer is a redirect (a
 * page that sends the visitor on shows nothing), in which case the page it leads to shows it.
 */
export async function clearShownToast(context: Readonly<RouterContextProvider>, response: Response): Promise<void> {
  const facts = context.get(requestContext);
  if (!taken.has(facts) || (response.status >= 300 && response.status < 400)) return;
  facts.responseHeaders.append("Set-Cookie", await context.get(servicesContext).toastCookie.serialize("", { maxAge: 0 }));
}

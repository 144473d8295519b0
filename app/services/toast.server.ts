import { createCookie, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { toastSchema, type Toast, type ToastInput } from "~/domain/toast";

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

/** Reads the pending message, if any, and clears it so it shows once. */
export async function takeToast(request: Request, context: Readonly<RouterContextProvider>): Promise<Toast | null> {
  const cookie = context.get(servicesContext).toastCookie;
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookie.name}=`)) return null;
  context.get(requestContext).responseHeaders.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = toastSchema.safeParse(await cookie.parse(header));
  return parsed.success ? parsed.data : null;
}

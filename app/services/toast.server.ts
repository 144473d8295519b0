import { type AppLoadContext, createCookie, redirect } from "react-router";
import { z } from "zod";

const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id">;

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** A short-lived signed cookie carries one message across a redirect (with or without JavaScript). */
function toastCookie(context: AppLoadContext) {
  const key = `${context.cookies.secret}:${context.cookies.secure}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("flash_toast", {
      secrets: [context.cookies.secret],
      httpOnly: true,
      sameSite: "lax",
      secure: context.cookies.secure,
      path: "/",
      maxAge: 60,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

export async function setToast(context: AppLoadContext, toast: ToastInput): Promise<void> {
  context.response.appendCookie(await toastCookie(context).serialize({ ...toast, id: crypto.randomUUID() }));
}

export async function redirectWithToast(url: string, toast: ToastInput, context: AppLoadContext): Promise<Response> {
  await setToast(context, toast);
  return redirect(url);
}

/** Reads the pending message, if any, and clears it so it shows once. */
export async function takeToast(request: Request, context: AppLoadContext): Promise<Toast | null> {
  const cookie = toastCookie(context);
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookie.name}=`)) return null;
  context.response.appendCookie(await cookie.serialize("", { maxAge: 0 }));
  const parsed = toastSchema.safeParse(await cookie.parse(header));
  return parsed.success ? parsed.data : null;
}

import { createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { readDraft, type BookingDraft } from "~/domain/booking-wizard";

const DRAFT_DAYS = 30;

/** A signed cookie holding only the draft's id; the draft itself stays on the server. */
export function createDraftCookie(options: { secret: string; secure: boolean }) {
  return createCookie("booking_draft", {
    secrets: [options.secret],
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge: 60 * 60 * 24 * DRAFT_DAYS,
  });
}

export interface StoredDraft {
  /** Null until the first answer is saved. */
  id: string | null;
  draft: BookingDraft;
}

const draftId = z.uuid();

type Context = Readonly<RouterContextProvider>;

/** The visitor's draft, or an empty one (no cookie, a forged or stale id, a draft older than 30 days). */
export async function loadDraft(request: Request, context: Context): Promise<StoredDraft> {
  const { draftCookie, serviceRole } = context.get(servicesContext);
  const id = draftId.safeParse(await draftCookie.parse(request.headers.get("Cookie")));
  if (!id.success) return { id: null, draft: {} };
  const since = new Date(Date.now() - DRAFT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const { data, error } = await serviceRole.from("booking_drafts").select("data").eq("id", id.data).gte("updated_at", since).maybeSingle();
  if (error) throw new Error(`could not read the booking draft: ${error.message}`);
  return data ? { id: id.data, draft: readDraft(data.data) } : { id: null, draft: {} };
}

/** Saves the draft (creating it, and its cookie, on the first answer) and returns its id. */
export async function saveDraft(context: Context, stored: StoredDraft, draft: BookingDraft): Promise<string> {
  const { draftCookie, serviceRole } = context.get(servicesContext);
  const userId = context.get(sessionContext).user?.id ?? null;
  if (stored.id) {
    const { data, error } = await serviceRole.from("booking_drafts").update({ data: draft, user_id: userId }).eq("id", stored.id).select("id");
    if (error) throw new Error(`could not save the booking draft: ${error.message}`);
    if (data.length > 0) return stored.id;
  }
  const { data, error } = await serviceRole.from("booking_drafts").insert({ data: draft, user_id: userId }).select("id").single();
  if (error) throw new Error(`could not save the booking draft: ${error.message}`);
  context.get(requestContext).responseHeaders.append("Set-Cookie", await draftCookie.serialize(data.id));
  return data.id;
}

/** Forgets the draft once its booking is paid: the next visit to the wizard starts afresh. */
export async function discardDraft(context: Context, id: string): Promise<void> {
  const { draftCookie, serviceRole } = context.get(servicesContext);
  await serviceRole.from("booking_drafts").delete().eq("id", id);
  context.get(requestContext).responseHeaders.append("Set-Cookie", await draftCookie.serialize("", { maxAge: 0 }));
}

import { createCookie, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requestContext, servicesContext, sessionContext } from "~/context";
import { readDraft, type BookingDraft } from "~/domain/booking-wizard";
import type { Json } from "../../supabase/types";
import { queueCookie } from "./supabase.server";

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

/** The account the request is made for, or null for a guest: a draft belongs to the one it was started by. */
const ownerOf = (context: Context) => context.get(sessionContext).user?.id ?? null;

/** Narrows a query on booking_drafts to the drafts of `owner` (null: guests' drafts). */
function ownedBy<Query extends { eq(column: "user_id", value: string): Query; is(column: "user_id", value: null): Query }>(
  query: Query,
  owner: string | null,
): Query {
  return owner ? query.eq("user_id", owner) : query.is("user_id", null);
}

/**
 * The visitor's draft, or an empty one (no cookie, a forged or stale id, a draft older than 30 days,
 * or a draft someone else started: another account on a shared browser, or a guest before signing in,
 * whose draft stays theirs and is left as it is).
 */
export async function loadDraft(request: Request, context: Context): Promise<StoredDraft> {
  const { serviceRole } = context.get(servicesContext);
  const id = await draftIdOf(request, context);
  if (!id) return { id: null, draft: {} };
  const owner = ownerOf(context);
  const query = serviceRole.from("booking_drafts").select("data").eq("id", id).gte("updated_at", freshSince());
  const { data, error } = await ownedBy(query, owner).maybeSingle();
  if (error) throw new Error(`could not read the booking draft: ${error.message}`);
  return data ? { id, draft: readDraft(data.data) } : { id: null, draft: {} };
}

/** The draft id the browser's signed cookie holds, or null (none, forged, not an id). */
async function draftIdOf(request: Request, context: Context): Promise<string | null> {
  const id = draftId.safeParse(await context.get(servicesContext).draftCookie.parse(request.headers.get("Cookie")));
  return id.success ? id.data : null;
}

/** Drafts not changed since then are forgotten. */
const freshSince = () => new Date(Date.now() - DRAFT_DAYS * 24 * 60 * 60 * 1000).toISOString();

/**
 * The guest's draft of this browser becomes the account's (with the unpaid booking saved from it), so
 * a guest who signs up or in from the wizard carries on where they were. The draft's signed, HttpOnly
 * cookie is the proof that it is theirs; a draft that already has an owner, a stale one, one made with
 * another email than the account's (someone else's details) or one whose booking is paid stays as it is (adopt_guest_draft decides, in one transaction). True when it joined;
 * a failure is logged and leaves the draft the guest's (the customer is signed in all the same).
 */
export async function adoptGuestDraft(request: Request, context: Context, userId: string): Promise<boolean> {
  const id = await draftIdOf(request, context);
  if (!id) return false;
  const { serviceRole } = context.get(servicesContext);
  const { data, error } = await serviceRole.rpc("adopt_guest_draft", { _draft_id: id, _user_id: userId, _changed_since: freshSince() });
  if (error) context.get(requestContext).logger.error({ err: error, draftId: id }, "a guest's booking draft could not join its account");
  return data === true;
}

/** Saved, or refused because this address or user started too many drafts: seconds to wait. */
export type DraftSaved = { kind: "saved"; id: string } | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Saves the draft for the account (or guest) it belongs to, creating it and its cookie on the first
 * answer. Creating a draft is limited per address and per user; saving answers to one is not.
 */
export async function saveDraft(context: Context, stored: StoredDraft, draft: BookingDraft): Promise<DraftSaved> {
  const { draftCookie, serviceRole, bookingLimits } = context.get(servicesContext);
  const owner = ownerOf(context);
  if (stored.id) {
    // The photos stay as the database holds them: an upload may have changed them since this request read the draft.
    const { data: saved, error } = await serviceRole.rpc("save_draft_answers", { draft_id: stored.id, answers: draft as Json, ...(owner ? { owner } : {}) });
    if (error) throw new Error(`could not save the booking draft: ${error.message}`);
    if (saved) return { kind: "saved", id: stored.id };
  }
  const wait = await bookingLimits.before("draft", context.get(requestContext).clientIp, owner);
  if (wait) return { kind: "rate-limited", retryAfterSeconds: wait };
  const { data, error } = await serviceRole.from("booking_drafts").insert({ data: draft, user_id: owner }).select("id").single();
  if (error) throw new Error(`could not save the booking draft: ${error.message}`);
  queueCookie(context.get(requestContext).responseHeaders, draftCookie.name, await draftCookie.serialize(data.id));
  return { kind: "saved", id: data.id };
}

/** Forgets the draft once its booking is paid or cancelled: the next visit to the wizard starts afresh. */
export async function discardDraft(context: Context, id: string): Promise<void> {
  const { serviceRole } = context.get(servicesContext);
  const owner = ownerOf(context);
  const removal = serviceRole.from("booking_drafts").delete().eq("id", id);
  const { error } = await ownedBy(removal, owner);
  if (error) throw new Error(`could not discard the booking draft: ${error.message}`);
  await forgetDraftCookie(context);
}

/** Takes the draft's cookie off this browser (signing out: the next visitor starts their own). */
export async function forgetDraftCookie(context: Context): Promise<void> {
  const { draftCookie } = context.get(servicesContext);
  queueCookie(context.get(requestContext).responseHeaders, draftCookie.name, await draftCookie.serialize("", { maxAge: 0 }));
}

import { MESSAGES_PAGE_SIZE, type MessageStatus, type MessagesQuery, type OutboxMessage } from "~/domain/admin-messages";
import type { Tables } from "../../supabase/types";
import type { AppSupabaseClient } from "./supabase.server";

// The outbox as the office reads it: a booking's messages, and the recent ones across bookings. Read
// with the staff member's own client: row level security lets staff who read bookings read their
// messages, and nobody else any. 'Send again' goes through resend_message, which checks that the caller
// may change bookings.

const COLUMNS = "id, booking_id, kind, recipient, status, last_error, due_at, sent_at, created_at";

export class MessageStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MessageStoreError";
  }
}

type MessageRow = Pick<Tables<"message_outbox">, "id" | "booking_id" | "kind" | "recipient" | "status" | "last_error" | "due_at" | "sent_at" | "created_at">;

function fromRow(row: MessageRow): OutboxMessage {
  return {
    id: row.id,
    bookingId: row.booking_id,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status as MessageStatus,
    lastError: row.last_error,
    dueAt: row.due_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  };
}

/** The messages about one booking, newest first. Throws MessageStoreError when the database fails. */
export async function listBookingMessages(supabase: AppSupabaseClient, bookingId: string): Promise<OutboxMessage[]> {
  const { data, error } = await supabase
    .from("message_outbox")
    .select(COLUMNS)
    .eq("booking_id", bookingId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw new MessageStoreError("could not read a booking's messages", { cause: error });
  return data.map(fromRow);
}

/** A page of the recent messages across bookings (only the failed ones when asked), newest first, and how many there are. */
export async function listRecentMessages(supabase: AppSupabaseClient, query: MessagesQuery): Promise<{ total: number; messages: OutboxMessage[] }> {
  const from = (query.page - 1) * MESSAGES_PAGE_SIZE;
  const filtered = <Select extends { eq(column: "status", value: string): Select }>(select: Select) =>
    query.failedOnly ? select.eq("status", "failed") : select;
  const page = await filtered(supabase.from("message_outbox").select(COLUMNS, { count: "exact" }))
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + MESSAGES_PAGE_SIZE - 1);
  if (!page.error) return { total: page.count ?? 0, messages: page.data.map(fromRow) };
  // PostgREST refuses a page past the end (PGRST103) without the count: no rows, and the count alone.
  if (page.error.code !== "PGRST103") throw new MessageStoreError("could not read the recent messages", { cause: page.error });
  const counted = await filtered(supabase.from("message_outbox").select("id", { count: "exact", head: true }));
  if (counted.error) throw new MessageStoreError("could not count the recent messages", { cause: counted.error });
  return { total: counted.count ?? 0, messages: [] };
}

export type ResendResult = { kind: "queued" } | { kind: "not-failed" } | { kind: "not-found" } | { kind: "forbidden" };

/**
 * Queues a failed message again. With `bookingId`, only a message about that booking: another one is
 * not found. Throws MessageStoreError when the database fails.
 */
export async function resendMessage(supabase: AppSupabaseClient, messageId: number, { bookingId }: { bookingId?: string } = {}): Promise<ResendResult> {
  if (bookingId !== undefined) {
    const { data, error } = await supabase.from("message_outbox").select("id").eq("id", messageId).eq("booking_id", bookingId).maybeSingle();
    if (error) throw new MessageStoreError("could not read a message", { cause: error });
    if (!data) return { kind: "not-found" };
  }
  const { error } = await supabase.rpc("resend_message", { p_id: messageId });
  if (!error) return { kind: "queued" };
  if (error.code === "42501") return { kind: "forbidden" };
  if (error.code === "55000") return { kind: "not-failed" };
  if (error.code === "P0002") return { kind: "not-found" };
  throw new MessageStoreError("could not queue a message again", { cause: error });
}

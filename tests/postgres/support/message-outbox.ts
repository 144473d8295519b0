import type { MessageOutbox, OutboxMessage } from "../../../app/services/message-sender.server.ts";
import type pg from "pg";
import { SERVICE_ROLE, connect } from "./database.ts";

/**
 * A sender's way to the outbox on a connection of its own, as the service role (the role and JWT
 * claims PostgREST would set), calling the same database functions the app's sender calls.
 */
export async function serviceRoleOutbox(url: string): Promise<{ outbox: MessageOutbox; close(): Promise<void> }> {
  const client = await connect(url);
  await client.query("select set_config('request.jwt.claims', $1, false)", [JSON.stringify(SERVICE_ROLE)]);
  await client.query("set role service_role");
  // One statement at a time on the connection, in the order the sender's workers ask.
  let last: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(sql: string, values: unknown[]) => {
    const result = last.then(() => client.query<R>(sql, values));
    last = result.catch(() => undefined);
    return result;
  };
  return {
    outbox: {
      async claim(limit, leaseSeconds) {
        const { rows } = await query<OutboxMessage>("select * from public.claim_due_messages($1, $2)", [limit, leaseSeconds]);
        // node-postgres reads bigint as text; the ids are far below 2^53.
        return rows.map((row) => ({ ...row, id: Number(row.id) }));
      },
      async markSent(delivered) {
        await query("select public.mark_messages_sent($1, $2)", [delivered.map(({ id }) => id), delivered.map(({ providerMessageId }) => providerMessageId)]);
      },
      async markFailed(id, error, retryAt) {
        await query("select public.mark_message_failed($1, $2, $3)", [id, error, retryAt]);
      },
      async defer(id, until) {
        await query("select public.defer_message($1, $2)", [id, until]);
      },
    },
    close: () => client.end(),
  };
}

/**
 * Queues `count` due messages (the office's lists of as many days, from 2027-01-02 on, each with no
 * moves: they need no booking), as the superuser.
 */
export const QUEUE_DUE_MESSAGES = `
  insert into public.message_outbox (kind, dedupe_key, recipient, facts, due_at, send_at_night)
  select 'office_tomorrow_list', 'office_tomorrow_list:' || (date '2027-01-01' + i), 'office@example.com',
         jsonb_build_object('date', date '2027-01-01' + i, 'moves', '[]'::jsonb), now() - interval '1 second', true
  from generate_series(1, $1::int) i`;

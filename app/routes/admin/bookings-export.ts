import { companyDay } from "~/services/company-day.server";
import { sessionContext, requestContext } from "~/context";
import { ADMIN_BOOKINGS_CSV_HEADER, adminBookingCsvLine, adminBookingsCsvFileName } from "~/domain/admin-bookings-csv";
import { adminBookingScope, bookingsFilter, parseAdminBookingsQuery } from "~/domain/admin-bookings-query";
import { ensurePermission } from "~/middleware/guards.server";
import { bookingsForExport } from "~/services/admin-bookings.server";
import type { Route } from "./+types/bookings-export";

/**
 * The bookings the table's filters match, as a CSV download streamed while it is read from the
 * database a chunk at a time: no cap on rows, memory of one chunk. The view param (pending, active,
 * done) narrows it as the page it came from does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "bookings:read");
  const params = new URL(request.url).searchParams;
  const filter = bookingsFilter(adminBookingScope(params.get("view")), parseAdminBookingsQuery(params), {
    today: (await companyDay(context)).today,
  });
  const chunks = bookingsForExport(context.get(sessionContext).supabase, filter);
  // Every row's status judged as of one moment, the start of the export.
  const now = new Date();
  const logger = context.get(requestContext).logger;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${ADMIN_BOOKINGS_CSV_HEADER}`));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map((booking) => adminBookingCsvLine(booking, now)).join("")));
      } catch (error) {
        logger.error({ err: error }, "the bookings export stopped");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${adminBookingsCsvFileName(new Date())}"`,
      "Cache-Control": "no-store",
    },
  });
}

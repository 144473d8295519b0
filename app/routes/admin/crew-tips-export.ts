import { sessionContext } from "~/context";
import { CREW_TIPS_CSV_HEADER, crewTipsCsvFileName, crewTipsCsvLine } from "~/domain/crews";
import { ensurePermission } from "~/middleware/guards.server";
import { readCrewTips } from "~/services/crews.server";
import type { Route } from "./+types/crew-tips-export";

/** The crews' tips of the last twelve months, newest month first, as a CSV download for payroll. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await ensurePermission(request, context, "analytics:read");
  const tips = await readCrewTips(context.get(sessionContext).supabase);
  return new Response(`\uFEFF${CREW_TIPS_CSV_HEADER}${tips.map(crewTipsCsvLine).join("")}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${crewTipsCsvFileName(new Date())}"`,
      "Cache-Control": "no-store",
    },
  });
}

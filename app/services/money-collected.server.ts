import type { MoneyCollected } from "~/domain/money-collected";
import type { AppSupabaseClient } from "./supabase.server";

/**
 * Revenue as the database defines it (payments less refunds, `money_movements`), with the tips apart, read with the staff member's own client:
 * the function refuses anyone who may not read analytics. Throws when it cannot be read.
 */
export async function readMoneyCollected(supabase: AppSupabaseClient, at?: Date): Promise<MoneyCollected> {
  const { data, error } = await supabase.rpc("admin_money_collected", at ? { _at: at.toISOString() } : {}).single();
  if (error) throw new Error(`could not read the money collected: ${error.message}`, { cause: error });
  return {
    totalCents: Number(data.total_cents),
    thisMonthCents: Number(data.this_month_cents),
    lastMonthCents: Number(data.last_month_cents),
    tipsTotalCents: Number(data.tips_total_cents),
    tipsThisMonthCents: Number(data.tips_this_month_cents),
    tipsLastMonthCents: Number(data.tips_last_month_cents),
  };
}

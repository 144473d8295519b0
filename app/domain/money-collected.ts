/** What every page calls revenue, stated under the figure. */
export const MONEY_COLLECTED_LABEL = "Money collected: deposits and payments, less refunds";

/** What every page says of tips, beside revenue. */
export const TIPS_LABEL = "Tips paid with balances: the crews', not revenue";

/** Revenue: money collected (payments less refunds), in cents, in all and in the company's calendar months by when it moved; tips apart. */
export interface MoneyCollected {
  totalCents: number;
  thisMonthCents: number;
  lastMonthCents: number;
  tipsTotalCents: number;
  tipsThisMonthCents: number;
  tipsLastMonthCents: number;
}

/** What every page calls revenue, stated under the figure. */
export const MONEY_COLLECTED_LABEL = "Money collected: deposits and payments, less refunds";

/** Revenue: money collected (payments less refunds), in cents, in all and in the company's calendar months by when it moved. */
export interface MoneyCollected {
  totalCents: number;
  thisMonthCents: number;
  lastMonthCents: number;
}

// The office's final bill form, as tests and benchmarks post it.

/**
 * The final bill's form as the page posts it, for a move booked at 10:00: the crew worked until 16:20,
 * which an elite local crew bills as $1,075 with nothing added. `fields` replace any of it.
 */
export const billForm = (intent: string, fields: Record<string, string> = {}) => ({
  intent,
  startedAt: "10:00",
  endedAt: "16:20",
  totalHours: "",
  totalMinutes: "",
  extraMovers: "0",
  tvMounting: "0",
  deepCleaningBedrooms: "0",
  discount: "",
  discountReason: "",
  ...fields,
});

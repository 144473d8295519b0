// npm run demo [-- --bookings N]: fills the embedded database in DATA_DIR (default ./.data) with the
// demo company, for a first look at the admin area or for the admin benchmark.
import { parseArgs } from "node:util";
import { DEFAULT_DEMO_BOOKINGS, DEMO_PASSWORD, DemoRefusal, seedDemoCompany } from "./demo-company.ts";

const MAX_BOOKINGS = 1_000_000;

function bookingsWanted(): number {
  const { values } = parseArgs({ options: { bookings: { type: "string" } }, strict: true });
  if (values.bookings === undefined) return DEFAULT_DEMO_BOOKINGS;
  const count = Number(values.bookings);
  if (!Number.isInteger(count) || count < 1 || count > MAX_BOOKINGS) {
    throw new DemoRefusal(`--bookings takes a whole number from 1 to ${MAX_BOOKINGS.toLocaleString("en-US")}, not "${values.bookings}".`);
  }
  return count;
}

try {
  const bookings = bookingsWanted();
  const dataDir = process.env.DATA_DIR || "./.data";
  const started = performance.now();
  const summary = await seedDemoCompany({
    dataDir,
    bookings,
    admin: { email: process.env.ADMIN_EMAIL || "admin@example.com", password: process.env.ADMIN_PASSWORD || undefined },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const statuses = Object.entries(summary.bookingsByStatus)
    .map(([status, count]) => `${count} ${status}`)
    .join(", ");
  console.log(`Demo company ready in ${dataDir} (${seconds} s):`);
  console.log(
    `  ${summary.customers} customers, bookings: ${statuses}; ${summary.photos} photos; ${summary.analyticsEvents} website events in the last 48 hours.`,
  );
  console.log(`  ${summary.crewsPerDay} crews a day (what the busiest day needs); the next Christmas Day and New Year's Day are closed.`);
  console.log(`  Customers sign in with their email (e.g. ${summary.someCustomerEmail}) and the password ${DEMO_PASSWORD}.`);
  const { admin } = summary;
  console.log(
    `  Admin: ${admin.email} with the password ${admin.password}${admin.existed ? " (the account was there already: its password is now this one)" : ""}.`,
  );
  console.log("Start the app (npm start) and open http://localhost:3000/admin.");
} catch (error) {
  if (error instanceof DemoRefusal || (error instanceof Error && error.name === "TypeError" && "code" in error)) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

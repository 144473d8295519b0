import { formatCents } from "./money";
import { ADDON_PRICES_CENTS } from "./pricing";

// The add-ons as the wizard and the office's edit form offer them: the boxes sold at one price, and
// the counters with what each one costs.

export const FLAT_ADDON_OFFERS = [
  { name: "packingService", price: ADDON_PRICES_CENTS.packing },
  { name: "storageService", price: ADDON_PRICES_CENTS.storage },
  { name: "cleaningService", price: ADDON_PRICES_CENTS.cleaning },
] as const;

export const COUNTER_OFFERS = [
  { name: "extraMovers", hint: `${formatCents(ADDON_PRICES_CENTS.extraMover)} per mover, for the whole move` },
  {
    name: "tvMounting",
    hint: `${formatCents(ADDON_PRICES_CENTS.tvMountingFirst)} first TV, ${formatCents(ADDON_PRICES_CENTS.tvMountingAdditional)} each after`,
  },
  {
    name: "deepCleaningBedrooms",
    hint: `${formatCents(ADDON_PRICES_CENTS.deepCleaningFirstBedroom)} first bedroom, ${formatCents(ADDON_PRICES_CENTS.deepCleaningAdditionalBedroom)} each after`,
  },
] as const;

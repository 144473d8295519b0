// The single source of every price, duration and slot the product shows or charges.
// All money is integer cents; dollars exist only in formatting.

import { formatCents } from "./money";

export const SERVICE_TYPES = ["local", "long_distance", "commercial"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const TEAM_TYPES = ["elite", "luxury"] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

export const PROPERTY_SIZES = ["studio", "1_bedroom", "2_bedroom", "3_bedroom", "4_bedroom", "5_plus_bedroom"] as const;
export type PropertySize = (typeof PROPERTY_SIZES)[number];

export const TIME_SLOTS = ["08:00", "10:00", "12:00", "14:00", "16:00"] as const;

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** Elite hourly rate, by service type (the base price). */
export const BASE_HOURLY_CENTS: Record<ServiceType, number> = {
  local: dollarsToCents(150),
  long_distance: dollarsToCents(300),
  commercial: dollarsToCents(400),
};

export const LUXURY_MULTIPLIER = 1.17;

/**
 * Luxury is the base times 1.17 (175.5, 351, 468), advertised as $175, $350 and $468. The rate
 * shown must be the rate charged, so the advertised figures are the constants; a unit test keeps
 * them within a dollar of base × multiplier.
 */
const LUXURY_HOURLY_CENTS: Record<ServiceType, number> = {
  local: dollarsToCents(175),
  long_distance: dollarsToCents(350),
  commercial: dollarsToCents(468),
};

export function hourlyRateCents(team: TeamType, service: ServiceType): number {
  return team === "luxury" ? LUXURY_HOURLY_CENTS[service] : BASE_HOURLY_CENTS[service];
}

export const MINIMUM_HOURS = 2;

export const ESTIMATED_HOURS: Record<PropertySize, number> = {
  studio: 3,
  "1_bedroom": 4,
  "2_bedroom": 6,
  "3_bedroom": 8,
  "4_bedroom": 10,
  "5_plus_bedroom": 12,
};
export const DEFAULT_ESTIMATED_HOURS = 4;

export function isPropertySize(value: unknown): value is PropertySize {
  return (PROPERTY_SIZES as readonly unknown[]).includes(value);
}

export function isTeamType(value: unknown): value is TeamType {
  return (TEAM_TYPES as readonly unknown[]).includes(value);
}

export function isServiceType(value: unknown): value is ServiceType {
  return (SERVICE_TYPES as readonly unknown[]).includes(value);
}

/** One of the time slots a move may start at ("08:00" … ). */
export function isTimeSlot(value: unknown): value is (typeof TIME_SLOTS)[number] {
  return (TIME_SLOTS as readonly unknown[]).includes(value);
}

export function estimatedHours(size: PropertySize | undefined): number {
  return Math.max(MINIMUM_HOURS, size ? ESTIMATED_HOURS[size] : DEFAULT_ESTIMATED_HOURS);
}

/** A saved booking's hours: those estimated for it (whole hours, as the database counts crews), else its home's. */
export function bookingHours(booking: { estimated_hours: number | null; property_size: string | null }): number {
  if (booking.estimated_hours !== null) return Math.max(1, Math.round(booking.estimated_hours));
  return estimatedHours(isPropertySize(booking.property_size) ? booking.property_size : undefined);
}

export const ADDON_PRICES_CENTS = {
  packing: dollarsToCents(120),
  storage: dollarsToCents(80),
  cleaning: dollarsToCents(120),
  extraMover: dollarsToCents(35),
  tvMountingFirst: dollarsToCents(120),
  tvMountingAdditional: dollarsToCents(20),
  deepCleaningFirstBedroom: dollarsToCents(150),
  deepCleaningAdditionalBedroom: dollarsToCents(50),
} as const;

export const COUNTER_LIMITS = {
  extraMovers: { min: 0, max: 6 },
  tvMounting: { min: 0, max: 6 },
  deepCleaningBedrooms: { min: 0, max: 5 },
} as const;

/** Flat truck and travel fee, always added (covers up to 25 miles). */
export const TRUCK_FEE_CENTS = dollarsToCents(100);
export const TRUCK_FEE_MILES = 25;

/** What the flat truck fee covers: the travel of a long-distance move is priced in its hourly rate instead. */
export function truckFeeLabel(service: ServiceType): string {
  return service === "long_distance" ? "Truck fee (the distance is in the long-distance hourly rate)" : `Truck and travel fee (up to ${TRUCK_FEE_MILES} miles)`;
}

export const DEPOSIT_CENTS = dollarsToCents(50);

/** The wizard's counted add-ons: each is a field of the booking and a counter on the add-ons step. */
export type AddonCounter = keyof typeof COUNTER_LIMITS;

/**
 * Services the landing page advertises that the booking wizard does not sell. Their marketing
 * prices stay as advertised; customers ask for them by phone.
 */
export const ADVERTISED_ONLY_SERVICES = [
  { id: "furniture-assembly", name: "Furniture Assembly", priceCents: dollarsToCents(65), unit: "per hour", from: false },
  { id: "junk-removal", name: "Junk Removal", priceCents: dollarsToCents(95), unit: null, from: true },
] as const;

/** One figure of a price and what it buys, e.g. "$120" "first TV". */
export interface PricePart {
  amount: string;
  unit: string;
}

export interface AddonCard {
  id: "extra-movers" | "deep-cleaning" | "tv-mounting" | (typeof ADVERTISED_ONLY_SERVICES)[number]["id"];
  name: string;
  /** The price as read, e.g. "$120 first TV, $20 each after". */
  price: string;
  /** The same price figure by figure; a line may break between parts, never inside one. */
  priceParts: readonly PricePart[];
  /** The wizard counter the card pre-selects, or null when the service is only sold by phone. */
  bookingCounter: AddonCounter | null;
}

const part = (cents: number, unit: string, from = false): PricePart => ({ amount: `${formatCents(cents)}${from ? "+" : ""}`, unit });

function addonCard(card: Omit<AddonCard, "price">): AddonCard {
  const price = card.priceParts.map(({ amount, unit }) => (unit ? `${amount} ${unit}` : amount)).join(", ");
  return { ...card, price };
}

/**
 * The landing's add-on cards. A price shown is a price charged: the cards for add-ons the wizard
 * sells read every figure from ADDON_PRICES_CENTS; the others keep their advertised prices.
 */
export const LANDING_ADDON_CARDS: readonly AddonCard[] = [
  addonCard({
    id: "extra-movers",
    name: "Extra Movers",
    priceParts: [part(ADDON_PRICES_CENTS.extraMover, "per mover")],
    bookingCounter: "extraMovers",
  }),
  addonCard({
    id: "deep-cleaning",
    name: "Deep Cleaning",
    priceParts: [part(ADDON_PRICES_CENTS.deepCleaningFirstBedroom, "first bedroom"), part(ADDON_PRICES_CENTS.deepCleaningAdditionalBedroom, "each after")],
    bookingCounter: "deepCleaningBedrooms",
  }),
  addonCard({
    id: "tv-mounting",
    name: "TV Mounting",
    priceParts: [part(ADDON_PRICES_CENTS.tvMountingFirst, "first TV"), part(ADDON_PRICES_CENTS.tvMountingAdditional, "each after")],
    bookingCounter: "tvMounting",
  }),
  ...ADVERTISED_ONLY_SERVICES.map((service) =>
    addonCard({
      id: service.id,
      name: service.name,
      priceParts: [part(service.priceCents, service.unit ?? "", service.from)],
      bookingCounter: null,
    }),
  ),
];

export interface BookingChoices {
  teamType: TeamType;
  serviceType: ServiceType;
  propertySize?: PropertySize;
  packingService: boolean;
  storageService: boolean;
  cleaningService: boolean;
  extraMovers: number;
  tvMounting: number;
  deepCleaningBedrooms: number;
}

export interface EstimateLine {
  id: string;
  label: string;
  amountCents: number;
}

export interface Estimate {
  lines: EstimateLine[];
  totalCents: number;
  hours: number;
  hourlyRateCents: number;
  depositCents: number;
  balanceCents: number;
}

/** Price of `count` units where the first unit costs `first` and each further one `additional`. */
function tieredCents(count: number, first: number, additional: number): number {
  return count <= 0 ? 0 : first + (count - 1) * additional;
}

function assertCount(name: keyof typeof COUNTER_LIMITS, value: number) {
  const { min, max } = COUNTER_LIMITS[name];
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}`);
  }
}

/** The add-ons of a move: those chosen in the wizard, or those the crew provided. */
export type AddonChoices = Pick<
  BookingChoices,
  "packingService" | "storageService" | "cleaningService" | "extraMovers" | "tvMounting" | "deepCleaningBedrooms"
>;

/** The priced lines of `addons`, as every estimate and bill writes them. Throws RangeError on a counter outside its limits. */
export function addonLines(addons: AddonChoices): EstimateLine[] {
  assertCount("extraMovers", addons.extraMovers);
  assertCount("tvMounting", addons.tvMounting);
  assertCount("deepCleaningBedrooms", addons.deepCleaningBedrooms);
  const candidates: Array<EstimateLine | false> = [
    addons.packingService && { id: "packing", label: "Packing service", amountCents: ADDON_PRICES_CENTS.packing },
    addons.storageService && { id: "storage", label: "Storage service", amountCents: ADDON_PRICES_CENTS.storage },
    addons.cleaningService && { id: "cleaning", label: "Basic cleaning", amountCents: ADDON_PRICES_CENTS.cleaning },
    addons.extraMovers > 0 && {
      id: "extra-movers",
      label: `Extra movers × ${addons.extraMovers}`,
      amountCents: addons.extraMovers * ADDON_PRICES_CENTS.extraMover,
    },
    addons.tvMounting > 0 && {
      id: "tv-mounting",
      label: `TV mounting × ${addons.tvMounting}`,
      amountCents: tieredCents(addons.tvMounting, ADDON_PRICES_CENTS.tvMountingFirst, ADDON_PRICES_CENTS.tvMountingAdditional),
    },
    addons.deepCleaningBedrooms > 0 && {
      id: "deep-cleaning",
      label: `Deep cleaning, ${addons.deepCleaningBedrooms} bedroom${addons.deepCleaningBedrooms === 1 ? "" : "s"}`,
      amountCents: tieredCents(addons.deepCleaningBedrooms, ADDON_PRICES_CENTS.deepCleaningFirstBedroom, ADDON_PRICES_CENTS.deepCleaningAdditionalBedroom),
    },
  ];
  return candidates.filter((line): line is EstimateLine => line !== false);
}

/** The flat truck fee's line. */
export const truckFeeLine = (service: ServiceType): EstimateLine => ({ id: "truck-fee", label: truckFeeLabel(service), amountCents: TRUCK_FEE_CENTS });

/** Turns a booking's choices into an itemised estimate. Throws RangeError on a counter outside its limits. */
export function estimateBooking(choices: BookingChoices): Estimate {
  const hours = estimatedHours(choices.propertySize);
  const rate = hourlyRateCents(choices.teamType, choices.serviceType);
  const lines = [{ id: "labor", label: `Moving team, ${hours} hours`, amountCents: rate * hours }, ...addonLines(choices), truckFeeLine(choices.serviceType)];
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return {
    lines,
    totalCents,
    hours,
    hourlyRateCents: rate,
    depositCents: DEPOSIT_CENTS,
    balanceCents: totalCents - DEPOSIT_CENTS,
  };
}

import { PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, TEAM_LABELS } from "./booking-labels";
import { formatCents } from "./money";
import { TRUCK_FEE_CENTS, estimatedHours, hourlyRateCents, type PropertySize, type ServiceType, type TeamType } from "./pricing";

/** "A home of 2 bedrooms", "A studio": the start of a sentence. */
function homeOf(size: PropertySize): string {
  return size === "studio" ? "A studio" : `A home of ${PROPERTY_SIZE_LABELS[size]}`;
}

/**
 * The price in words before every choice is made, shown from the wizard's first step: the hourly rate
 * once the team and service are known (else the lowest, and what sets it), and the hours once the
 * size of the home is.
 */
export function rateSummary(choice: { teamType?: TeamType; serviceType?: ServiceType; propertySize?: PropertySize }): string {
  const truck = `plus a ${formatCents(TRUCK_FEE_CENTS)} truck fee`;
  const { teamType, serviceType, propertySize } = choice;
  if (teamType && serviceType) {
    const rate = hourlyRateCents(teamType, serviceType);
    const heading = `${TEAM_LABELS[teamType]}, ${SERVICE_TYPE_LABELS[serviceType].toLowerCase()}: ${formatCents(rate)} an hour.`;
    if (!propertySize) return `${heading} The hours depend on the size of your home, ${truck}.`;
    const hours = estimatedHours(propertySize);
    return `${heading} ${homeOf(propertySize)} takes about ${hours} hours (${formatCents(rate * hours)}), ${truck}.`;
  }
  const lowest = `Moves start at ${formatCents(hourlyRateCents("elite", "local"))} an hour (${TEAM_LABELS.elite}, ${SERVICE_TYPE_LABELS.local.toLowerCase()}), ${truck}.`;
  if (!propertySize) return `${lowest} The rate depends on the team and the service you choose; the hours on the size of your home.`;
  return `${lowest} ${homeOf(propertySize)} takes about ${estimatedHours(propertySize)} hours; the rate depends on the team and the service you choose.`;
}

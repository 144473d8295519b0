import { PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, TEAM_LABELS } from "./booking-labels";
import { formatCents } from "./money";
import { TRUCK_FEE_CENTS, estimatedHours, hourlyRateCents, type PropertySize, type ServiceType, type TeamType } from "./pricing";

/** "a home of 2 bedrooms", "a studio" */
function homeOf(size: PropertySize): string {
  return size === "studio" ? "a studio" : `a home of ${PROPERTY_SIZE_LABELS[size]}`;
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
    const home = homeOf(propertySize);
    return `${heading} ${home.charAt(0).toUpperCase()}${home.slice(1)} takes about ${hours} hours (${formatCents(rate * hours)}), ${truck}.`;
  }
  const lowest = `Moves start at ${formatCents(hourlyRateCents("elite", "local"))} an hour (${TEAM_LABELS.elite}, ${SERVICE_TYPE_LABELS.local.toLowerCase()}), ${truck}.`;
  if (!propertySize) return `${lowest} The rate depends on the team and the service you choose; the hours on the size of your home.`;
  const home = homeOf(propertySize);
  return `${lowest} ${home.charAt(0).toUpperCase()}${home.slice(1)} takes about ${estimatedHours(propertySize)} hours; the rate depends on the team and the service you choose.`;
}

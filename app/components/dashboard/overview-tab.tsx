// What the overview tab shows; the route's server module loads it.
export interface OverviewTabData {}

export function OverviewTab(_props: { data: OverviewTabData }) {
  return <h2 id="dashboard-tab-heading">Overview</h2>;
}

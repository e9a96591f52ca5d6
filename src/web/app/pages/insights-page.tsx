import { InsightsOverview } from "../../features/insights/index.ts";

/** The Insights page (spec section 2): the weekly summaries, the placeholders and the detail dialog. */
export function InsightsPage() {
  return <InsightsOverview />;
}

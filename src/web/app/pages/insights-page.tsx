import { PageHeader } from "../../components/page-header.tsx";

export function InsightsPage() {
  return <PageHeader title="Insights" />;
}

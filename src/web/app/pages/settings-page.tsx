import { PageHeader } from "../../components/page-header.tsx";

export function SettingsPage() {
  return <PageHeader title="Settings" />;
}

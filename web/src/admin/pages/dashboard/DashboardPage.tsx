import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}

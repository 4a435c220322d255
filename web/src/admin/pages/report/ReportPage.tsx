import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function ReportPage() {
  return <PageHeader title="Report" />;
}

import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function InvoicePage() {
  return <PageHeader title="Manage Invoices" />;
}

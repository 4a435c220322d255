import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function PaymentVerificationPage() {
  return (
    <Page>
      <PageHeader title="Payment verification" />
    </Page>
  );
}

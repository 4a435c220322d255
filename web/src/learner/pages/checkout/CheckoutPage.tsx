import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function CheckoutPage() {
  return (
    <Page>
      <PageHeader title="Checkout" />
    </Page>
  );
}

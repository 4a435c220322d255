import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function OtpPage() {
  return (
    <Page>
      <PageHeader title="Verify your e-mail" />
    </Page>
  );
}

import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function LoginPage() {
  return (
    <Page>
      <PageHeader title="Login" />
    </Page>
  );
}

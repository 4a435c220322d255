import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function SignupPage() {
  return (
    <Page>
      <PageHeader title="Sign up" />
    </Page>
  );
}

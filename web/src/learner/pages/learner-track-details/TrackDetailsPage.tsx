import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function TrackDetailsPage() {
  return (
    <Page>
      <PageHeader title="Track details" />
    </Page>
  );
}

import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";

export default function TracksPage() {
  return (
    <Page>
      <PageHeader title="Tracks" />
    </Page>
  );
}

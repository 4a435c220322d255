import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function TrackDetailsPage() {
  return <PageHeader title="Track details" />;
}

import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function TrackPage() {
  return <PageHeader title="Manage Tracks" />;
}

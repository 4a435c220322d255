import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function LearnersPage() {
  return <PageHeader title="Manage Learners" />;
}

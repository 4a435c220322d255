import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function CoursesPage() {
  return <PageHeader title="Manage Courses" />;
}

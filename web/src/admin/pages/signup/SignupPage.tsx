import { Card } from "../../../shared/ui/Card.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function SignupPage() {
  return (
    <Card as="section">
      <PageHeader title="Sign up" />
    </Card>
  );
}

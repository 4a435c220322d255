import { Card } from "../../../shared/ui/Card.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function LoginPage() {
  return (
    <Card as="section">
      <PageHeader title="Login" />
    </Card>
  );
}

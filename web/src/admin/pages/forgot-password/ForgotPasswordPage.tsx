import { Card } from "../../../shared/ui/Card.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function ForgotPasswordPage() {
  return (
    <Card as="section">
      <PageHeader title="Forgot password" />
    </Card>
  );
}

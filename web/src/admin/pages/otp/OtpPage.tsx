import { Card } from "../../../shared/ui/Card.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function OtpPage() {
  return (
    <Card as="section">
      <PageHeader title="Verify your e-mail" />
    </Card>
  );
}

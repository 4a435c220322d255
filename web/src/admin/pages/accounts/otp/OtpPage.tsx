import { Link } from "react-router-dom";
import { AuthCard } from "../../../components/AuthCard.tsx";
import { AdminOtpForm } from "./_components/AdminOtpForm.tsx";

export default function OtpPage() {
  return (
    <AuthCard
      title="Verify your e-mail"
      subtitle="Enter the 6-digit code we sent to your e-mail address."
      footer={
        <p>
          <Link to="/">Back to Login</Link>
        </p>
      }
    >
      <AdminOtpForm />
    </AuthCard>
  );
}

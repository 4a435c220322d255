import { Link } from "react-router-dom";
import { AuthCard } from "../../components/AuthCard.tsx";
import { AdminSignupForm } from "./_components/AdminSignupForm.tsx";

export default function SignupPage() {
  return (
    <AuthCard
      title="Create an admin account"
      subtitle="We will e-mail you a 6-digit code to verify your address."
      footer={
        <p>
          Already have an account? <Link to="/">Log in</Link>
        </p>
      }
    >
      <AdminSignupForm />
    </AuthCard>
  );
}

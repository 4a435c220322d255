import { Link } from "react-router-dom";
import { AuthCard } from "../../../components/AuthCard.tsx";
import { AdminLoginForm } from "./_components/AdminLoginForm.tsx";

export default function LoginPage() {
  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back! Log in to manage tracks, courses, learners and invoices."
      footer={
        <p>
          Don't have an account? <Link to="/signup">Sign up</Link>
        </p>
      }
    >
      <AdminLoginForm />
    </AuthCard>
  );
}

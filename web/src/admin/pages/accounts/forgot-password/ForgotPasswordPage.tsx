import { AdminForgotPasswordForm } from "./_components/AdminForgotPasswordForm.tsx";

export default function ForgotPasswordPage() {
  return <AdminForgotPasswordForm />;
}

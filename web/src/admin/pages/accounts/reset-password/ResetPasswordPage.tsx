import { useSearchParams } from "react-router-dom";
import { AdminResetPasswordForm } from "./_components/AdminResetPasswordForm.tsx";

/** Opened from the e-mailed link: /reset-password?token=... */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return <AdminResetPasswordForm token={params.get("token") ?? ""} />;
}

import { useEffect, useRef, useState } from "react";
import { useLoaderData, useNavigate, useRevalidator } from "react-router-dom";
import { adminSession, endSession } from "../../../../shared/session/session.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { AuthCard } from "../../../components/AuthCard.tsx";
import formStyles from "../../../components/forms.module.css";
import type { StaffViewer } from "../../../staff/AdminViewer.ts";
import styles from "./PendingPage.module.css";

/**
 * What a staff account that no owner has approved yet sees after login, and nothing else. "Check again" asks the API
 * once more (the route's loader): an approved account then goes on to its first page.
 */
export default function PendingPage() {
  const viewer = useLoaderData() as StaffViewer;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [checked, setChecked] = useState(false);
  const checking = revalidator.state === "loading";
  const wasChecking = useRef(false);
  useEffect(() => {
    // Still here after a check: the account is still pending.
    if (wasChecking.current && !checking) setChecked(true);
    wasChecking.current = checking;
  }, [checking]);
  const logout = () => {
    endSession(adminSession, "/api/admin/auth/logout");
    navigate("/", { replace: true });
  };
  return (
    <AuthCard title="Your account is waiting for approval" subtitle="An owner of this LearnHub has to approve new staff accounts.">
      <div className={formStyles.form}>
        <dl className={styles.account}>
          <dt>Name</dt>
          <dd>
            {viewer.firstName} {viewer.lastName}
          </dd>
          <dt>Email</dt>
          <dd>{viewer.email}</dd>
        </dl>
        <p className={styles.text}>
          The owners have been told by e-mail. Once one of them approves your account and gives it a role, you can use the admin console.
        </p>
        {checked && (
          <Alert tone="info" onDismiss={() => setChecked(false)}>
            Not approved yet. Please check again later.
          </Alert>
        )}
        <Button
          size="lg"
          block
          loading={checking}
          onClick={() => {
            setChecked(false);
            revalidator.revalidate();
          }}
        >
          Check again
        </Button>
        <Button size="lg" block variant="secondary" onClick={logout}>
          Log out
        </Button>
      </div>
    </AuthCard>
  );
}

import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { OtpCodeField } from "../../../../shared/auth/AuthFields.tsx";
import { AuthForm } from "../../../../shared/auth/AuthForm.tsx";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { forgetSignup, signupRegistration } from "../../../../shared/session/signup.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { toast } from "../../../../shared/ui/Toast.tsx";
import styles from "../../../forms/forms.module.css";
import { AuthCard } from "../../../layout/AuthCard.tsx";
import type { LoginPageState } from "../learner-login/LoginPage.tsx";
import type { OtpPageResendMutation } from "./__generated__/OtpPageResendMutation.graphql.ts";
import type { OtpPageVerifyMutation } from "./__generated__/OtpPageVerifyMutation.graphql.ts";
import otpStyles from "./OtpPage.module.css";

const verifyMutation = graphql`
  mutation OtpPageVerifyMutation($input: VerifyEmailInput!) {
    verifyEmail(input: $input) {
      __typename
      ... on VerifyEmailPayload {
        message
        choosePassword
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const resendMutation = graphql`
  mutation OtpPageResendMutation($input: EmailInput!) {
    resendVerificationCode(input: $input) {
      __typename
      ... on MessagePayload {
        message
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Notice = { tone: "success" | "error"; text: string };

export default function OtpPage() {
  const navigate = useNavigate();
  // Read once: after a successful verification it is removed before leaving the page.
  const [email] = useState(() => localStorage.getItem("verificationEmail"));
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [verifiedWithoutPassword, setVerifiedWithoutPassword] = useState<string | null>(null);
  const [verify, isVerifying] = useAsyncMutation<OtpPageVerifyMutation>(verifyMutation);
  const [resend, isResending] = useAsyncMutation<OtpPageResendMutation>(resendMutation);

  if (verifiedWithoutPassword)
    return (
      <AuthCard title="Email verified" footer={<Link to="/learner-login">Back to login</Link>}>
        <Alert tone="success">{verifiedWithoutPassword}</Alert>
      </AuthCard>
    );
  if (!email) return <Navigate to="/learners-signup" replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (code.length !== 6) {
      setCodeError("OTP must be 6 digits.");
      return;
    }
    try {
      const { verifyEmail: result } = await verify({
        variables: { input: { email, code, registration: signupRegistration() ?? undefined } },
      });
      if (result.__typename === "VerifyEmailPayload") {
        forgetSignup();
        // Signed up more than once with different passwords: no password was kept and a link to choose one is on
        // its way, so the login would fail; the page says so and stays.
        if (result.choosePassword) {
          setVerifiedWithoutPassword(result.message ?? "Email verified.");
          return;
        }
        // A toast, not a blocking alert; the login form starts with the address just verified.
        toast.success("Verification successful! Please log in.");
        navigate("/learner-login", { state: { email } satisfies LoginPageState });
        return;
      }
      setNotice({ tone: "error", text: result.failure?.message || "Verification failed." });
    } catch {
      setNotice({ tone: "error", text: "An error occurred. Please try again." });
    }
  };

  const sendAgain = async () => {
    setNotice(null);
    try {
      const { resendVerificationCode: result } = await resend({ variables: { input: { email } } });
      if (result.__typename === "MessagePayload")
        setNotice({ tone: "success", text: result.message || "New OTP sent! Please check your email." });
      else setNotice({ tone: "error", text: result.failure?.message || "Failed to resend OTP." });
    } catch {
      setNotice({ tone: "error", text: "An error occurred. Please try again." });
    }
  };

  return (
    <AuthCard
      title="Verify your email"
      description={
        <>
          Enter the 6-digit code we sent to <strong>{email}</strong>.
        </>
      }
      footer={
        <>
          Wrong address? <Link to="/learners-signup">Sign up again</Link> · <Link to="/learner-login">Back to login</Link>
        </>
      }
    >
      <AuthForm onSubmit={submit} notice={notice}>
        <OtpCodeField
          name="code"
          className={otpStyles.code}
          value={code}
          error={codeError}
          onCodeChange={(digits) => {
            setCode(digits);
            setCodeError(null);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" size="lg" block loading={isVerifying}>
            Verify
          </Button>
          <Button variant="ghost" block loading={isResending} onClick={sendAgain}>
            Resend code
          </Button>
        </div>
      </AuthForm>
    </AuthCard>
  );
}

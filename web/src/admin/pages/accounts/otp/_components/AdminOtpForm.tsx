import { type FormEvent, useEffect, useId, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useNavigate } from "react-router-dom";
import { ACCOUNT_MESSAGES } from "../../../../../../../common/account-messages.ts";
import { OtpCodeField } from "../../../../../shared/auth/AuthFields.tsx";
import { AuthForm } from "../../../../../shared/auth/AuthForm.tsx";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { forgetSignup, signupRegistration } from "../../../../../shared/session/signup.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { failureOf, isNetworkError } from "../../../../components/failures.ts";
import type { AdminOtpFormResendMutation } from "./__generated__/AdminOtpFormResendMutation.graphql.ts";
import type { AdminOtpFormVerifyMutation } from "./__generated__/AdminOtpFormVerifyMutation.graphql.ts";
import styles from "./AdminOtpForm.module.css";

export const OTP_MESSAGES = {
  invalid: ACCOUNT_MESSAGES.otp,
  noEmail: "Email not found. Please try signing up again.",
  failed: "Failed to verify OTP.",
  network: "An error occurred. Please check your connection.",
  success: "OTP verified successfully! Redirecting to login...",
  resendNoEmail: "No email found to resend OTP.",
  resendFailed: "Failed to resend OTP.",
  resendSuccess: "New OTP sent! Please check your email.",
} as const;

/** After verification the login page opens after 2 s (docs/product.md, Limits). */
export const LOGIN_REDIRECT_MS = 2000;

const verifyMutation = graphql`
  mutation AdminOtpFormVerifyMutation($input: VerifyEmailInput!) {
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
  mutation AdminOtpFormResendMutation($input: EmailInput!) {
    resendVerificationCode(input: $input) {
      __typename
      ... on MessagePayload {
        message
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Notice = { tone: "success" | "error" | "info"; text: string };

/** The 6-digit code from the sign-up e-mail; the address is the one sign-up stored as `verificationEmail`. */
export function AdminOtpForm() {
  const navigate = useNavigate();
  const [email] = useState(() => localStorage.getItem("verificationEmail"));
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [verified, setVerified] = useState(false);
  // Signed up more than once with different passwords: verified, but no password was kept (a link to choose one was
  // mailed), so the form stays on its message instead of going to a login that would fail.
  const [passwordless, setPasswordless] = useState(false);
  const [verify, isVerifying] = useAsyncMutation<AdminOtpFormVerifyMutation>(verifyMutation);
  const [resend, isResending] = useAsyncMutation<AdminOtpFormResendMutation>(resendMutation);
  const codeId = useId();

  useEffect(() => {
    if (!verified || passwordless) return;
    const timer = setTimeout(() => navigate("/", { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, passwordless, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isVerifying || verified) return;
    setNotice(null);
    if (!email) {
      setNotice({ tone: "error", text: OTP_MESSAGES.noEmail });
      return;
    }
    if (code.length !== 6) {
      setCodeError(OTP_MESSAGES.invalid);
      document.getElementById(codeId)?.focus();
      return;
    }
    try {
      const { verifyEmail: result } = await verify({
        variables: { input: { email, code, registration: signupRegistration() ?? undefined } },
      });
      const failure = failureOf(result, OTP_MESSAGES.failed);
      if (failure) {
        setNotice({ tone: "error", text: failure.message });
        return;
      }
      forgetSignup();
      setVerified(true);
      const choosePassword = result.choosePassword === true;
      setPasswordless(choosePassword);
      setNotice({ tone: "success", text: choosePassword ? (result.message ?? OTP_MESSAGES.success) : OTP_MESSAGES.success });
    } catch (failure) {
      setNotice({ tone: "error", text: isNetworkError(failure) ? OTP_MESSAGES.network : OTP_MESSAGES.failed });
    }
  };

  const resendCode = async () => {
    if (isResending) return;
    setNotice(null);
    if (!email) {
      setNotice({ tone: "error", text: OTP_MESSAGES.resendNoEmail });
      return;
    }
    try {
      const { resendVerificationCode: result } = await resend({ variables: { input: { email } } });
      const failure = failureOf(result, OTP_MESSAGES.resendFailed);
      setNotice(failure ? { tone: "error", text: failure.message } : { tone: "success", text: OTP_MESSAGES.resendSuccess });
    } catch {
      setNotice({ tone: "error", text: OTP_MESSAGES.resendFailed });
    }
  };

  return (
    <AuthForm
      onSubmit={submit}
      lead={
        email && (
          <p className={styles.sentTo}>
            Code sent to <strong>{email}</strong>
          </p>
        )
      }
      notice={notice}
    >
      <OtpCodeField
        id={codeId}
        className={styles.code}
        placeholder="000000"
        pattern="\d{6}"
        value={code}
        error={codeError}
        onCodeChange={(digits) => {
          setCode(digits);
          setCodeError(null);
        }}
        disabled={verified}
      />
      <Button type="submit" size="lg" block loading={isVerifying} disabled={verified}>
        Verify
      </Button>
      <p className={styles.resend}>
        Didn't get the code?{" "}
        <Button variant="ghost" size="sm" onClick={resendCode} loading={isResending} disabled={verified}>
          Resend code
        </Button>
      </p>
    </AuthForm>
  );
}

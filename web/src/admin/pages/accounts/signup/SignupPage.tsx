import { graphql } from "react-relay/hooks";
import { Link, useLoaderData } from "react-router-dom";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { AuthCard } from "../../../components/AuthCard.tsx";
import { roleLabel } from "../../../staff/staffRoles.ts";
import { AdminSignupForm } from "./_components/AdminSignupForm.tsx";
import styles from "./SignupPage.module.css";

// Sent by the route's loader when the address has `?invitation=<token>` (routes.tsx).
export const invitationQuery = graphql`
  query SignupPageInvitationQuery($token: String!) {
    staffInvitation(token: $token) {
      __typename
      ... on StaffInvitationPreview {
        email
        role
      }
      ... on Error {
        message
      }
    }
  }
`;

/** What the route's loader found for the link's invitation: its address and role, or the server's refusal. */
export type InvitationLookup = { token: string; email: string; role: string } | { error: string } | null;

export default function SignupPage() {
  const lookup = useLoaderData() as InvitationLookup;
  const invitation = lookup && "email" in lookup ? lookup : undefined;
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
      {invitation && (
        <Alert tone="info" className={styles.notice} title={`You're invited as ${roleLabel(invitation.role)}`}>
          Your account gets this role as soon as you verify your e-mail address.
        </Alert>
      )}
      {lookup && "error" in lookup && (
        <Alert tone="error" className={styles.notice}>
          {lookup.error}
        </Alert>
      )}
      <AdminSignupForm invitation={invitation} />
    </AuthCard>
  );
}

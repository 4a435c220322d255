import { LOGIN_MESSAGES, login, logout, unlockAccount } from "../../domain/accounts/login.ts";
import { requestPasswordReset, resetPassword } from "../../domain/accounts/password-reset.ts";
import { updateAdminProfile, updateLearnerProfile } from "../../domain/accounts/profile.ts";
import { resendCode, signUp, verifyEmail } from "../../domain/accounts/signup.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { Account, Admin, Gender, Learner } from "./account.ts";
import { commonErrors } from "./errors.ts";

// Form inputs are optional at the GraphQL level so that a missing field gets the form's own message
// ("First name is required") from the domain rules, the same as an empty one.

const SignUpInput = builder.inputType("SignUpInput", {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    contact: t.string(),
    password: t.string(),
    confirmPassword: t.string(),
    invitation: t.string({
      description: "Admin sign-up only: the token of an owner's invitation link (the e-mail must be the invited one).",
    }),
  }),
});

const VerifyEmailInput = builder.inputType("VerifyEmailInput", {
  fields: (t) => ({ email: t.string(), code: t.string({ description: "The 6-digit code from the e-mail." }) }),
});

const EmailInput = builder.inputType("EmailInput", { fields: (t) => ({ email: t.string() }) });

const LoginInput = builder.inputType("LoginInput", { fields: (t) => ({ email: t.string(), password: t.string() }) });

const ResetPasswordInput = builder.inputType("ResetPasswordInput", {
  fields: (t) => ({ token: t.string(), password: t.string(), confirmPassword: t.string() }),
});

const UnlockAccountInput = builder.inputType("UnlockAccountInput", {
  fields: (t) => ({ token: t.string({ description: "The token of the unlock link mailed when the account was locked." }) }),
});

const UpdateLearnerProfileInput = builder.inputType("UpdateLearnerProfileInput", {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    contact: t.string(),
    location: t.string(),
    description: t.string(),
    gender: t.field({ type: Gender }),
    disabled: t.boolean(),
    image: t.field({ type: "Upload" }),
    currentPassword: t.string(),
    newPassword: t.string(),
    confirmNewPassword: t.string(),
  }),
});

const UpdateAdminProfileInput = builder.inputType("UpdateAdminProfileInput", {
  fields: (t) => ({ firstName: t.string(), lastName: t.string(), contact: t.string(), image: t.field({ type: "Upload" }) }),
});

const MessagePayload = builder.objectRef<{ message: string }>("MessagePayload").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

const SignUpPayload = builder.objectRef<{ message: string; email: string }>("SignUpPayload").implement({
  fields: (t) => ({
    message: t.exposeString("message"),
    email: t.exposeString("email", { description: "The normalised e-mail the code was sent to." }),
  }),
});

const LoginPayload = builder.objectRef<{ token: string; account: object; message: string }>("LoginPayload").implement({
  fields: (t) => ({
    message: t.exposeString("message"),
    token: t.exposeString("token", { description: "Bearer token for the Authorization header. Shown once." }),
    account: t.field({ type: Account, resolve: (p) => p.account as never }),
  }),
});

const UpdateLearnerProfilePayload = builder
  .objectRef<{ learner: object; token: string | null; message: string }>("UpdateLearnerProfilePayload")
  .implement({
    fields: (t) => ({
      message: t.exposeString("message"),
      learner: t.field({ type: Learner, resolve: (p) => p.learner as never }),
      token: t.exposeString("token", {
        nullable: true,
        description: "A new token when the password changed (every older session is revoked).",
      }),
    }),
  });

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  signUpAdmin: t.field({
    type: SignUpPayload,
    errors,
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: (_root, { input }, ctx) => signUp(ctx.services, "ADMIN", input, ctx.client.ip),
  }),
  signUpLearner: t.field({
    type: SignUpPayload,
    errors,
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: (_root, { input }, ctx) => signUp(ctx.services, "LEARNER", input, ctx.client.ip),
  }),
  verifyEmail: t.field({
    type: MessagePayload,
    errors,
    args: { input: t.arg({ type: VerifyEmailInput, required: true }) },
    resolve: (_root, { input }, ctx) => verifyEmail(ctx.services, input, ctx.client.ip),
  }),
  resendVerificationCode: t.field({
    type: MessagePayload,
    errors,
    args: { input: t.arg({ type: EmailInput, required: true }) },
    resolve: (_root, { input }, ctx) => resendCode(ctx.services, input, ctx.client.ip),
  }),
  login: t.field({
    type: LoginPayload,
    errors,
    description: "Logs in an admin or a learner; the account's role decides which.",
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { token, account } = await login(ctx.services, input, ctx.client.ip);
      // The new session is not this request's viewer yet; let the account be read in the answer.
      ctx.viewer = {
        sessionId: "",
        role: account.role,
        accountId: account.id,
        staffRole: "staffRole" in account.row ? account.row.staffRole : null,
        email: account.email,
      };
      return { token, account: account.row, message: LOGIN_MESSAGES.success };
    },
  }),
  logout: t.field({
    type: MessagePayload,
    errors,
    authScopes: { signedIn: true },
    resolve: (_root, _args, ctx) => logout(ctx.services, ctx.viewer?.sessionId),
  }),
  requestPasswordReset: t.field({
    type: MessagePayload,
    errors,
    description: "Mails a reset link if the account exists; the answer is the same either way.",
    args: { input: t.arg({ type: EmailInput, required: true }) },
    resolve: (_root, { input }, ctx) => requestPasswordReset(ctx.services, input, ctx.client.ip),
  }),
  unlockAccount: t.field({
    type: MessagePayload,
    errors,
    description: "Lifts the lockout of an account after failed logins, with the single-use link mailed to its owner.",
    args: { input: t.arg({ type: UnlockAccountInput, required: true }) },
    resolve: (_root, { input }, ctx) => unlockAccount(ctx.services, input),
  }),
  resetPassword: t.field({
    type: MessagePayload,
    errors,
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: (_root, { input }, ctx) => resetPassword(ctx.services, input),
  }),
  updateLearnerProfile: t.field({
    type: UpdateLearnerProfilePayload,
    errors,
    authScopes: { learner: true },
    args: { input: t.arg({ type: UpdateLearnerProfileInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateLearnerProfile(ctx.services, ctx.viewer?.accountId as string, input as never),
  }),
  updateAdminProfile: t.field({
    type: Admin,
    errors,
    authScopes: { staff: true },
    args: { input: t.arg({ type: UpdateAdminProfileInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateAdminProfile(ctx.services, actor(ctx), input as never),
  }),
}));

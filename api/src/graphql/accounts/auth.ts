import { LOGIN_MESSAGES, login, logout, unlockAccount } from "../../domain/accounts/login.ts";
import { requestPasswordReset, resetLinkStatus, resetPassword } from "../../domain/accounts/password-reset.ts";
import { updateAdminProfile, updateLearnerProfile } from "../../domain/accounts/profile.ts";
import { resendCode, signUp, verifyEmail } from "../../domain/accounts/signup.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Account, Admin, Gender, Learner } from "./account.ts";

// Form inputs are optional at the GraphQL level so that a missing field gets the form's own message
// ("First name is required") from the domain rules, the same as an empty one.

const SignUpInput = builder.inputType("SignUpInput", {
  description: "The sign-up form of either site.",
  fields: (t) => ({
    firstName: t.string({ description: "First name." }),
    lastName: t.string({ description: "Last name." }),
    email: t.string({ description: "E-mail address; a verification code is sent to it." }),
    contact: t.string({ description: "Phone number." }),
    password: t.string({ description: "The new password (at least 8 characters, not a common one)." }),
    confirmPassword: t.string({ description: "The password again; must match." }),
    invitation: t.string({
      description: "Admin sign-up only: the token of an owner's invitation link (the e-mail must be the invited one).",
    }),
  }),
});

const VerifyEmailInput = builder.inputType("VerifyEmailInput", {
  description: "The e-mail address being verified and the code sent to it.",
  fields: (t) => ({
    email: t.string({ description: "The e-mail address signed up with." }),
    code: t.string({ description: "The 6-digit code from the e-mail." }),
    registration: t.string({
      description:
        "The `registration` of the sign-up answer, as the browser that signed up kept it: if the address was signed up " +
        "more than once with different passwords, that sign-up's password is the one kept.",
    }),
  }),
});

const EmailInput = builder.inputType("EmailInput", {
  description: "An e-mail address.",
  fields: (t) => ({ email: t.string({ description: "The account's e-mail address." }) }),
});

const LoginInput = builder.inputType("LoginInput", {
  description: "The login form.",
  fields: (t) => ({ email: t.string({ description: "The account's e-mail address." }), password: t.string({ description: "Password." }) }),
});

const ResetPasswordInput = builder.inputType("ResetPasswordInput", {
  description: "The new-password form of a password reset link.",
  fields: (t) => ({
    token: t.string({ description: "The token of the reset link mailed by requestPasswordReset." }),
    password: t.string({ description: "The new password." }),
    confirmPassword: t.string({ description: "The new password again; must match." }),
  }),
});

const UnlockAccountInput = builder.inputType("UnlockAccountInput", {
  description: "The unlock link's token.",
  fields: (t) => ({ token: t.string({ description: "The token of the unlock link mailed when the account was locked." }) }),
});

const UpdateLearnerProfileInput = builder.inputType("UpdateLearnerProfileInput", {
  description: "A learner's profile settings; fields left out keep their value.",
  fields: (t) => ({
    firstName: t.string({ description: "First name." }),
    lastName: t.string({ description: "Last name." }),
    contact: t.string({ description: "Phone number." }),
    location: t.string({ description: "Where the learner lives." }),
    description: t.string({ description: "The learner's bio." }),
    gender: t.field({ type: Gender, description: "Gender." }),
    disabled: t.boolean({ description: "True to disable the account." }),
    image: t.field({ type: "Upload", description: "A new profile picture: JPEG, PNG or WebP, at most 5 MB." }),
    currentPassword: t.string({ description: "The current password; needed to set a new one." }),
    newPassword: t.string({ description: "A new password, to change it." }),
    confirmNewPassword: t.string({ description: "The new password again; must match." }),
  }),
});

const UpdateAdminProfileInput = builder.inputType("UpdateAdminProfileInput", {
  description: "A staff member's own profile settings; fields left out keep their value.",
  fields: (t) => ({
    firstName: t.string({ description: "First name." }),
    lastName: t.string({ description: "Last name." }),
    contact: t.string({ description: "Phone number." }),
    image: t.field({ type: "Upload", description: "A new profile picture: JPEG, PNG or WebP, at most 5 MB." }),
  }),
});

export const MessagePayload = builder.objectRef<{ message: string }>("MessagePayload").implement({
  description: "A mutation that answers with a message only.",
  fields: (t) => ({ message: t.exposeString("message", { description: "What happened, in words to show the user." }) }),
});

const VerifyEmailPayload = builder.objectRef<{ message: string; choosePassword: boolean }>("VerifyEmailPayload").implement({
  description: "A verified e-mail address.",
  fields: (t) => ({
    message: t.exposeString("message", { description: "What happened, in words to show the user." }),
    choosePassword: t.exposeBoolean("choosePassword", {
      description:
        "True when the address was signed up more than once with different passwords before it was verified: neither " +
        "password was kept, and a link to choose one was mailed to the address. The page shows the message instead of " +
        "going to the login.",
    }),
  }),
});

const SignUpPayload = builder.objectRef<{ message: string; email: string; registration: string }>("SignUpPayload").implement({
  description: "A sign-up that went through: the account waits for its e-mail to be verified.",
  fields: (t) => ({
    message: t.exposeString("message", { description: "What happened, in words to show the user." }),
    email: t.exposeString("email", { description: "The normalised e-mail the code was sent to." }),
    registration: t.exposeString("registration", {
      description: "A token for this browser to keep and send with the code (VerifyEmailInput.registration); nobody else needs it.",
    }),
  }),
});

const LoginPayload = builder.objectRef<{ token: string; account: typeof Account.$inferType; message: string }>("LoginPayload").implement({
  description: "A successful login: the session's token and the account.",
  fields: (t) => ({
    message: t.exposeString("message", { description: "What happened, in words to show the user." }),
    token: t.exposeString("token", { description: "Bearer token for the Authorization header. Shown once." }),
    account: t.field({ type: Account, description: "The account that logged in.", resolve: (p) => p.account }),
  }),
});

const UpdateLearnerProfilePayload = builder
  .objectRef<{ learner: typeof Learner.$inferType; token: string | null; message: string }>("UpdateLearnerProfilePayload")
  .implement({
    description: "The learner's saved profile.",
    fields: (t) => ({
      message: t.exposeString("message", { description: "What happened, in words to show the user." }),
      learner: t.field({ type: Learner, description: "The learner as saved.", resolve: (p) => p.learner }),
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
    description:
      "Signs up a staff account of the admin site and mails it a verification code. Without an invitation it waits for an owner's approval; the first account becomes the owner.",
    args: { input: t.arg({ type: SignUpInput, required: true, description: "The sign-up form." }) },
    resolve: (_root, { input }, ctx) => signUp(ctx.services, "ADMIN", input, ctx.client.ip),
  }),
  signUpLearner: t.field({
    type: SignUpPayload,
    errors,
    description: "Signs up a learner and mails a verification code.",
    args: { input: t.arg({ type: SignUpInput, required: true, description: "The sign-up form." }) },
    resolve: (_root, { input }, ctx) => signUp(ctx.services, "LEARNER", input, ctx.client.ip),
  }),
  verifyEmail: t.field({
    type: VerifyEmailPayload,
    errors,
    description: "Verifies an account's e-mail address with the code mailed at sign-up.",
    args: { input: t.arg({ type: VerifyEmailInput, required: true, description: "The e-mail address and the code." }) },
    resolve: (_root, { input }, ctx) => verifyEmail(ctx.services, input, ctx.client.ip),
  }),
  resendVerificationCode: t.field({
    type: MessagePayload,
    errors,
    description: "Mails a new verification code to an account that is not verified yet.",
    args: { input: t.arg({ type: EmailInput, required: true, description: "The account's e-mail address." }) },
    resolve: (_root, { input }, ctx) => resendCode(ctx.services, input, ctx.client.ip),
  }),
  login: t.field({
    type: LoginPayload,
    errors,
    description: "Logs in an admin or a learner; the account's role decides which.",
    args: { input: t.arg({ type: LoginInput, required: true, description: "The e-mail address and password." }) },
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
    description: "Ends the current session (its token stops working).",
    authScopes: { signedIn: true },
    resolve: (_root, _args, ctx) => logout(ctx.services, ctx.viewer?.sessionId),
  }),
  requestPasswordReset: t.field({
    type: MessagePayload,
    errors,
    description: "Mails a reset link if the account exists; the answer is the same either way.",
    args: { input: t.arg({ type: EmailInput, required: true, description: "The account's e-mail address." }) },
    resolve: (_root, { input }, ctx) => requestPasswordReset(ctx.services, input, ctx.client.ip),
  }),
  unlockAccount: t.field({
    type: MessagePayload,
    errors,
    description: "Lifts the lockout of an account after failed logins, with the single-use link mailed to its owner.",
    args: { input: t.arg({ type: UnlockAccountInput, required: true, description: "The unlock link's token." }) },
    resolve: (_root, { input }, ctx) => unlockAccount(ctx.services, input),
  }),
  resetPassword: t.field({
    type: MessagePayload,
    errors,
    description: "Sets a new password with the link mailed by requestPasswordReset; every session of the account ends.",
    args: { input: t.arg({ type: ResetPasswordInput, required: true, description: "The link's token and the new password." }) },
    resolve: (_root, { input }, ctx) => resetPassword(ctx.services, input),
  }),
  updateLearnerProfile: t.field({
    type: UpdateLearnerProfilePayload,
    errors,
    description: "Saves the signed-in learner's profile, and a new password if given.",
    authScopes: { learner: true },
    args: { input: t.arg({ type: UpdateLearnerProfileInput, required: true, description: "The profile settings to change." }) },
    resolve: (_root, { input }, ctx) => updateLearnerProfile(ctx.services, ctx.viewer?.accountId as string, input),
  }),
  updateAdminProfile: t.field({
    type: Admin,
    errors,
    description: "Saves the signed-in staff member's own profile.",
    authScopes: { staff: true },
    args: { input: t.arg({ type: UpdateAdminProfileInput, required: true, description: "The profile settings to change." }) },
    resolve: (_root, { input }, ctx) => updateAdminProfile(ctx.services, actor(ctx), input),
  }),
}));

const PasswordResetLink = builder.objectRef<{ expiresAt: Date }>("PasswordResetLink").implement({
  description: "A password reset link that can still be used.",
  fields: (t) => ({ expiresAt: t.expose("expiresAt", { type: "DateTime", description: "When the link stops working." }) }),
});

builder.queryFields((t) => ({
  passwordResetLink: t.field({
    type: PasswordResetLink,
    errors: { types: commonErrors },
    description:
      "Whether a reset link's token can still be used (its reset page asks before showing the form); a NotFoundError says why not: used, replaced, expired or unknown. Tells nothing about the account.",
    args: { token: t.arg.string({ required: true, description: "The token of the reset link mailed by requestPasswordReset." }) },
    resolve: (_root, { token }, ctx) => resetLinkStatus(ctx.services, token),
  }),
}));

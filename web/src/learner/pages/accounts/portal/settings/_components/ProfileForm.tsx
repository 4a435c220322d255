import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { ACCOUNT_MESSAGES, PROFILE_MESSAGES } from "../../../../../../../../common/account-messages.ts";
import { fieldMessages, name, passwordRule } from "../../../../../../../../common/accounts.ts";
import { PHONE_PATTERN } from "../../../../../../../../common/formats.ts";
import { IMAGE_MESSAGES } from "../../../../../../../../common/images.ts";
import { imageTypeOf } from "../../../../../../shared/format/imageBytes.ts";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import { learnerSession, saveSession } from "../../../../../../shared/session/session.ts";
import { Alert } from "../../../../../../shared/ui/Alert.tsx";
import { Avatar } from "../../../../../../shared/ui/Avatar.tsx";
import { Button } from "../../../../../../shared/ui/Button.tsx";
import { ConfirmDialog } from "../../../../../../shared/ui/ConfirmDialog.tsx";
import { TextArea, TextField } from "../../../../../../shared/ui/Field.tsx";
import { UploadIcon } from "../../../../../../shared/ui/icons.tsx";
import { PasswordField } from "../../../../../../shared/ui/PasswordField.tsx";
import { Switch } from "../../../../../../shared/ui/Switch.tsx";
import { toast } from "../../../../../../shared/ui/Toast.tsx";
import formStyles from "../../../../../forms/forms.module.css";
import { type FieldErrors, serverFieldErrors, useFields } from "../../../../../forms/forms.ts";
import { GenderSelect } from "../../../../../forms/GenderSelect.tsx";
import { storedUser } from "../../../../../session.ts";
import type { LoginPageState } from "../../../learner-login/LoginPage.tsx";
import type { ProfileForm_learner$key } from "./__generated__/ProfileForm_learner.graphql.ts";
import type { Gender, ProfileFormMutation } from "./__generated__/ProfileFormMutation.graphql.ts";
import styles from "./ProfileForm.module.css";

// The payload's learner spreads this form's fragment: Relay updates the `me` record by id, so every screen showing
// the learner (and this form after a save) reads the new values.
const mutation = graphql`
  mutation ProfileFormMutation($input: UpdateLearnerProfileInput!) {
    updateLearnerProfile(input: $input) {
      __typename
      ... on UpdateLearnerProfilePayload {
        token
        learner {
          firstName
          lastName
          email
          image
          disabled
          ...ProfileForm_learner
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const fields = [
  "firstName",
  "lastName",
  "contact",
  "location",
  "description",
  "gender",
  "image",
  "currentPassword",
  "newPassword",
  "confirmNewPassword",
] as const;
type Field = (typeof fields)[number];

export interface ProfileValues {
  firstName: string;
  lastName: string;
  contact: string;
  location: string;
  description: string;
  gender: "" | Gender;
  disabled: boolean;
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** The rules the server checks too, with its messages (common/accounts.ts). */
const sharedNames = z.object({ firstName: name("First name"), lastName: name("Last name") });

/**
 * The profile rules (docs/product.md, Validation): names as the server takes them, a valid phone number, a
 * description, and a new password (when it is being changed) that follows the server's rule and is typed twice.
 */
export function validateProfile(values: ProfileValues): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const names = fieldMessages(sharedNames, values);
  if (names.firstName) errors.firstName = names.firstName;
  if (names.lastName) errors.lastName = names.lastName;
  // The server checks the new password's rule only with the current password (a change); so does the form.
  if (values.currentPassword && values.newPassword) {
    const rule = fieldMessages(passwordRule, values.newPassword).input;
    if (rule) errors.newPassword = rule;
  }
  const contact = values.contact.trim();
  if (!contact || !PHONE_PATTERN.test(contact)) errors.contact = ACCOUNT_MESSAGES.invalidPhone;
  if (!values.description.trim()) errors.description = PROFILE_MESSAGES.descriptionRequired;
  if ((values.newPassword || values.confirmNewPassword) && values.newPassword !== values.confirmNewPassword) {
    errors.confirmNewPassword = PROFILE_MESSAGES.mismatch;
  }
  return errors;
}

/** A password change is sent only when both the current and the new password are filled (docs/product.md, Validation). */
export function passwordChange(values: ProfileValues) {
  return values.currentPassword && values.newPassword
    ? { currentPassword: values.currentPassword, newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword }
    : {};
}

/** A picture whose content is not an image the server takes (its words for the same refusal). */
export const NOT_AN_IMAGE = IMAGE_MESSAGES.notImage;

type Outcome = { tone: "success" | "error"; text: string };

export function ProfileForm({ learnerKey }: { learnerKey: ProfileForm_learner$key }) {
  const learner = useFragment(
    graphql`
      fragment ProfileForm_learner on Learner {
        id
        firstName
        lastName
        fullName
        email
        contact
        location
        bio
        gender
        disabled
        image
      }
    `,
    learnerKey,
  );
  const navigate = useNavigate();
  const fileRef = useRef<HTMLInputElement>(null);
  const { values, setValues, errors, setErrors, showErrors, formRef, change, field } = useFields<ProfileValues, Field>(() => ({
    firstName: learner.firstName,
    lastName: learner.lastName,
    contact: learner.contact,
    location: learner.location ?? "",
    description: learner.bio ?? "",
    gender: learner.gender === "MALE" || learner.gender === "FEMALE" ? learner.gender : "",
    disabled: learner.disabled,
    currentPassword: "",
    newPassword: "",
    confirmNewPassword: "",
  }));
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [save, isSaving] = useAsyncMutation<ProfileFormMutation>(mutation);

  // The chosen picture is shown before it is uploaded; its object URL is released when replaced or on leaving.
  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const chooseImage = async (file: File | undefined) => {
    setErrors((e) => ({ ...e, image: undefined }));
    if (!file) return;
    const refuse = (message: string) => {
      setErrors((e) => ({ ...e, image: message }));
      if (fileRef.current) fileRef.current.value = "";
    };
    if (!file.type.startsWith("image/")) return refuse("Please choose an image file.");
    // The name and declared type say nothing of the content: its first bytes must be a JPEG, PNG or WebP, as the
    // server checks on upload (the server's message).
    if (!(await imageTypeOf(file).catch(() => null))) return refuse(NOT_AN_IMAGE);
    setImage(file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const found = validateProfile(values);
    if (showErrors(found)) return;
    // Disabling the account logs the learner out: asked first, then saved from the dialog.
    if (values.disabled && !learner.disabled) {
      setConfirmingDisable(true);
      return;
    }
    await send();
  };

  const send = async () => {
    try {
      const { updateLearnerProfile: result } = await save({
        variables: {
          input: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            contact: values.contact.trim(),
            location: values.location.trim(),
            description: values.description.trim(),
            gender: values.gender || null,
            disabled: values.disabled,
            ...(image ? { image } : {}),
            ...passwordChange(values),
          },
        },
      });
      const updated = result.learner;
      if (updated) {
        if (updated.disabled) {
          // Disabling the account ended every session, this one too: the login page forgets it locally.
          const state: LoginPageState = { notice: "Your account has been disabled.", endSession: "ended" };
          navigate("/learner-login", { replace: true, state });
          return;
        }
        // A password change revokes the old token and answers with a new one.
        const token = result.token ?? localStorage.getItem(learnerSession.token);
        if (token) saveSession(learnerSession, token, storedUser(updated));
        setValues((v) => ({ ...v, currentPassword: "", newPassword: "", confirmNewPassword: "" }));
        setImage(null);
        setPreview(null);
        if (fileRef.current) fileRef.current.value = "";
        // A toast, seen wherever the learner is on this long form (the Save button is at its bottom).
        toast.success(PROFILE_MESSAGES.success);
        return;
      }
      if (result.failure?.fieldErrors) {
        showErrors(serverFieldErrors(result.failure.fieldErrors, fields));
      }
      setOutcome({ tone: "error", text: result.failure?.message || "Failed to update profile." });
    } catch {
      setOutcome({ tone: "error", text: "Failed to update profile." });
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}

      <FormSection id="profile-picture-title" title="Profile" text="How you appear to instructors and in your portal.">
        <div className={styles.picture}>
          <Avatar name={learner.fullName} src={preview ?? learner.image} size="lg" className={styles.avatar} />
          <div className={styles.pictureText}>
            <p className={styles.name}>{learner.fullName}</p>
            <p className={styles.email}>{learner.email}</p>
            <label className={styles.upload}>
              <UploadIcon size={16} />
              {image ? "Choose another picture" : "Upload a picture"}
              <input
                ref={fileRef}
                type="file"
                name="image"
                accept="image/*"
                className="visually-hidden"
                aria-invalid={errors.image ? true : undefined}
                aria-describedby="profile-image-message"
                onChange={(e) => void chooseImage(e.target.files?.[0])}
              />
            </label>
            <p id="profile-image-message" className={errors.image ? styles.imageError : styles.imageHint}>
              {errors.image ?? (image ? `${image.name} will be uploaded when you save.` : "JPEG, PNG or WebP, up to 5 MB.")}
            </p>
          </div>
        </div>
        <div className={formStyles.row}>
          <TextField label="First name" autoComplete="given-name" required {...field("firstName")} />
          <TextField label="Last name" autoComplete="family-name" required {...field("lastName")} />
        </div>
        <div className={formStyles.row}>
          <TextField label="Contact" type="tel" autoComplete="tel" required {...field("contact")} />
          <TextField label="Location" autoComplete="address-level2" {...field("location")} />
        </div>
        <GenderSelect {...field("gender")} />
        <TextArea label="Description" required rows={4} {...field("description")} />
      </FormSection>

      <FormSection
        id="password-title"
        title="Password"
        text="Fill in your current and new password to change it; leave them empty to keep it."
      >
        <PasswordField label="Current password" autoComplete="current-password" {...field("currentPassword")} />
        <div className={formStyles.row}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters with uppercase, lowercase, a number and a special character."
            meter
            {...field("newPassword")}
          />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...field("confirmNewPassword")} />
        </div>
      </FormSection>

      <FormSection id="account-title" title="Account">
        <Switch
          name="disabled"
          label="Disable my account"
          description="A disabled account cannot log in. Saving with this on logs you out."
          checked={values.disabled}
          onCheckedChange={(checked) => change("disabled", checked)}
        />
      </FormSection>

      <div className={styles.actions}>
        <Button type="submit" size="lg" loading={isSaving}>
          Save changes
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingDisable}
        onOpenChange={setConfirmingDisable}
        title="Disable your account?"
        description="A disabled account cannot log in. Saving with this on logs you out."
        confirmLabel="Disable and save"
        onConfirm={send}
      />
    </form>
  );
}

/** One part of the settings form: its heading and explanation beside (or above) its fields. */
function FormSection({ id, title, text, children }: { id: string; title: string; text?: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionIntro}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {text && <p className={styles.sectionText}>{text}</p>}
      </div>
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}

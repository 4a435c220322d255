import { type FormEvent, type ReactNode, type Ref, useEffect, useState } from "react";
import { Alert } from "../../shared/ui/Alert.tsx";
import { FormDialog } from "../../shared/ui/FormDialog.tsx";
import { toast } from "../../shared/ui/Toast.tsx";
import { type Failure, failureOf, type ResultLike, thrownMessage } from "./failures.ts";
import { type FieldErrors, pickFieldErrors, useFormFields } from "./useFormFields.ts";

/** What a form's own check found: a message for the whole form (or null) and one per field. */
export interface FormCheck<F> {
  message: string | null;
  fields: FieldErrors<F>;
}

interface EntityFormOptions<F extends Record<string, string>> {
  /** The fields' starting values: the entity's current ones when it is updated, else blanks. */
  initial: F;
  /** The fields the server may name in a ValidationError. */
  fieldNames: readonly (keyof F & string)[];
  /** Updating an existing entity (else adding one): picks the failure message. */
  updating: boolean;
  /** The failure messages, and the toasts said after a save (`created`, `updated`). */
  messages: { createFailed: string; updateFailed: string; created: string; updated: string };
  /** True while either of the form's mutations runs. */
  pending: boolean;
  check: (values: F) => FormCheck<F>;
  /** Sends the values; answers the mutation's result union. */
  save: (values: F) => Promise<ResultLike>;
  /** A problem the fields do not show (e.g. a refused image file) that stops the submission. */
  blocked?: boolean;
  /** After the server answered with a typed error, e.g. to show its message about a field outside `fieldNames`. */
  onFailure?: (failure: Failure) => void;
  /** After a successful save: close the dialog, refresh a list. */
  onSaved: () => void;
  /** The form's message when the mutation threw instead of answering. */
  describeThrown?: (error: unknown, fallback: string) => string;
}

/**
 * The add/update form of an admin entity (course, track, invoice): its fields, its own check, then the create or update
 * mutation, with the server's field messages under the fields and its message above them.
 */
export function useEntityForm<F extends Record<string, string>>(options: EntityFormOptions<F>) {
  const form = useFormFields<F>(options.initial);
  const [error, setError] = useState<string | null>(null);
  // The form's own check said the message (e.g. "Please fill in all required fields."): it is about the values, so it
  // goes as soon as they pass (before, it stayed until the next submit although every field was filled).
  const [errorFromCheck, setErrorFromCheck] = useState(false);
  const { check } = options;
  useEffect(() => {
    if (errorFromCheck && !check(form.values).message) {
      setError(null);
      setErrorFromCheck(false);
    }
  }, [errorFromCheck, check, form.values]);
  const fallback = options.updating ? options.messages.updateFailed : options.messages.createFailed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (options.pending) return;
    const check = options.check(form.values);
    setError(check.message);
    setErrorFromCheck(check.message !== null);
    form.showErrors(check.fields);
    if (check.message || Object.keys(check.fields).length > 0 || options.blocked) return;
    try {
      const failure = failureOf(await options.save(form.values), fallback);
      if (failure) {
        form.showErrors(pickFieldErrors<F>(failure.fieldErrors, options.fieldNames));
        options.onFailure?.(failure);
        setError(failure.message);
        return;
      }
      toast.success(options.updating ? options.messages.updated : options.messages.created);
      options.onSaved();
    } catch (thrown) {
      setError(options.describeThrown ? options.describeThrown(thrown, fallback) : thrownMessage(thrown, { fallback }));
    }
  };

  return { form, error, submit };
}

interface EntityFormDialogProps {
  /** What `useEntityForm` answered. */
  entityForm: { error: string | null; submit: (event: FormEvent) => void; form: { formRef: Ref<HTMLFormElement> } };
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  size?: "normal" | "wide";
  children: ReactNode;
}

/** The dialog of an entity form: the form's message above its fields, Cancel and the submit button below. */
export function EntityFormDialog({ entityForm, pending, children, ...dialog }: EntityFormDialogProps) {
  return (
    <FormDialog open {...dialog} pending={pending} formRef={entityForm.form.formRef} onSubmit={entityForm.submit}>
      {entityForm.error && <Alert tone="error">{entityForm.error}</Alert>}
      {children}
    </FormDialog>
  );
}

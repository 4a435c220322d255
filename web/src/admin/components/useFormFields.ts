import { type ChangeEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";

export type FieldErrors<F> = Partial<Record<keyof F & string, string>>;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form's text values and the message under each field. Typing in a field clears that field's message (docs/product.md, Validation);
 * `showErrors` sets messages and then moves focus to the first invalid field, so keyboard and screen-reader users
 * land on what needs fixing.
 */
export function useFormFields<F extends Record<string, string>>(initial: F) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef);
  }, [focusRequest]);

  const setValue = useCallback(<K extends keyof F & string>(name: K, value: F[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as FieldErrors<F>;
    });
  }, []);

  /** Props for a TextField, TextArea or Select of the UI kit. */
  const field = <K extends keyof F & string>(name: K) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: ChangeEvent<Control>) => setValue(name, event.target.value as F[K]),
  });

  const showErrors = useCallback((next: FieldErrors<F>) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
  }, []);

  return { values, setValues, setValue, errors, showErrors, field, formRef };
}

function focusFirstInvalid(formRef: RefObject<HTMLFormElement | null>) {
  formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Keeps only the server's messages about fields this form shows. */
export function pickFieldErrors<F>(fieldErrors: Record<string, string>, fields: readonly (keyof F & string)[]): FieldErrors<F> {
  const picked: FieldErrors<F> = {};
  for (const name of fields) if (fieldErrors[name]) picked[name] = fieldErrors[name];
  return picked;
}

/** The console's forms check addresses as the forgot-password pages of both sites do. */
export { EMAIL_PATTERN } from "../../shared/auth/email.ts";

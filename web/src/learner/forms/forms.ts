import { type ChangeEvent, useRef, useState } from "react";

/** Messages by field name, as the forms show them under each field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The field messages of a typed `ValidationError` result, keyed by field name (first message per field). */
export function serverFieldErrors<Field extends string>(
  fieldErrors: readonly { readonly field: string; readonly message: string }[] | undefined,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const { field, message } of fieldErrors ?? []) {
    const name = fields.find((f) => f === field);
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}

/** True when there is at least one message. */
export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** Moves focus to the first invalid control of a form, so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type TextKeys<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;

/**
 * Props for a TextField, TextArea or Select of the UI kit bound to one text value of a form: its name, value, message
 * and change (`<TextField label="Contact" {...field("contact")} />`).
 */
export function bindFields<Values, Field extends string>(
  values: Values,
  errors: FieldErrors<Field>,
  change: (name: TextKeys<Values> & Field, value: string) => void,
) {
  return (name: TextKeys<Values> & Field) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ChangeEvent<Control>) => change(name, event.target.value),
  });
}

/**
 * A form's values and the message under each field. `change` sets one value and clears that field's message (typing
 * clears the message, docs/product.md, Validation); `field` binds a text control to it, as `bindFields` does.
 * `showErrors` sets the messages and moves focus to the first invalid control of the form under `formRef`; it says
 * whether there was any message.
 */
export function useFields<Values extends object, Field extends string>(initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  // A text field's key has a string value, which the generic `change` cannot see.
  const field = bindFields<Values, Field>(values, errors, (name, value) => change(name, value as Values[typeof name]));
  const formRef = useRef<HTMLFormElement>(null);
  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    if (!hasErrors(found)) return false;
    focusFirstInvalid(formRef.current);
    return true;
  };
  return { values, setValues, errors, setErrors, showErrors, change, field, formRef };
}

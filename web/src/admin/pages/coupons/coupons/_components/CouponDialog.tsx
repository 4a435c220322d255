import { type FormEvent, type ReactNode, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { COUPON_MESSAGES } from "../../../../../../../common/coupons.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, type ResultLike, thrownMessage } from "../../../../components/failures.ts";
import type { CouponDialog_query$key } from "./__generated__/CouponDialog_query.graphql.ts";

const tracksFragment = graphql`
  fragment CouponDialog_query on Query @argumentDefinitions(first: { type: "Int", defaultValue: 100 }) {
    tracks(first: $first) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

/** The tracks a coupon, or a sponsor's codes, can be for. */
export function useCouponTracks(tracksKey: CouponDialog_query$key) {
  return useFragment(tracksFragment, tracksKey).tracks.edges.map((edge) => edge.node);
}

export const PERCENT_RULE = COUPON_MESSAGES.percent;

/** A message per field, by the field's name in the mutation's input (the server's names too). */
type FieldMessages = Record<string, string>;

/** What the coupons page gives each of its dialogs. */
export interface CouponDialogOpening {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tracks the dialog offers (useCouponTracks). */
  tracksKey: CouponDialog_query$key;
  /** Once saved, before the dialog closes (the page reloads its list). */
  onSaved: () => void;
}

interface CouponDialogProps<Result extends ResultLike> extends Omit<CouponDialogOpening, "tracksKey"> {
  title: string;
  description: string;
  submitLabel: string;
  size?: "normal" | "wide";
  /** The mutation is in flight. */
  pending: boolean;
  /** What a failure without a message of the server's says. */
  failed: string;
  /** The form's own check: a message per field it refuses, none when the form may be sent. */
  check: () => FieldMessages;
  /** Sends the form: the mutation's result. */
  send: () => Promise<Result>;
  /** Once saved: the toast's words. */
  saved: (result: Result) => string;
  /** Then, with the dialog closed. */
  afterClose?: (result: Result) => Promise<void>;
  /** Puts the form's values back as they are when the dialog opens (on closing it, and once saved). */
  clear: () => void;
  /** The fields, each with its message. */
  children: (fieldErrors: FieldMessages) => ReactNode;
}

/**
 * What the two coupon dialogs (a coupon, a sponsor's codes) share around their own fields: the form's check, then the
 * server's messages on a refusal (one above the fields, one under each field it names), and once saved a toast, the
 * list's reload and a fresh form.
 */
export function CouponDialog<Result extends ResultLike>({
  open,
  onOpenChange,
  onSaved,
  title,
  description,
  submitLabel,
  size,
  pending,
  failed,
  check,
  send,
  saved,
  afterClose,
  clear,
  children,
}: CouponDialogProps<Result>) {
  const [fieldErrors, setFieldErrors] = useState<FieldMessages>({});
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    clear();
    setFieldErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    const local = check();
    setFieldErrors(local);
    if (Object.keys(local).length) return;
    try {
      const result = await send();
      const failure = failureOf(result, failed);
      if (failure) {
        setFieldErrors(failure.fieldErrors);
        setError(failure.message);
        return;
      }
      toast.success(saved(result));
      reset();
      onSaved();
      onOpenChange(false);
      await afterClose?.(result);
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: failed }));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
      submitLabel={submitLabel}
      pending={pending}
      onSubmit={submit}
      size={size}
    >
      {error && <Alert tone="error">{error}</Alert>}
      {children(fieldErrors)}
    </FormDialog>
  );
}

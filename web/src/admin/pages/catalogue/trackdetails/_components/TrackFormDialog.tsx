import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { TRACK_MESSAGES } from "../../../../../../../common/catalogue.ts";
import { currencyRules } from "../../../../../../../common/money.ts";
import { currencySymbol } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { TextArea, TextField } from "../../../../../shared/ui/Field.tsx";
import { Switch } from "../../../../../shared/ui/Switch.tsx";
import { EntityFormDialog, type FormCheck, useEntityForm } from "../../../../components/EntityFormDialog.tsx";
import { httpStatusOf, thrownMessage } from "../../../../components/failures.ts";
import formStyles from "../../../../components/forms.module.css";
import { ImageField } from "../../../../components/ImageField.tsx";
import type { FieldErrors } from "../../../../components/useFormFields.ts";
import type { TrackFormDialog_track$data, TrackFormDialog_track$key } from "./__generated__/TrackFormDialog_track.graphql.ts";
import type { TrackFormDialogCreateMutation } from "./__generated__/TrackFormDialogCreateMutation.graphql.ts";
import type { TrackFormDialogUpdateMutation } from "./__generated__/TrackFormDialogUpdateMutation.graphql.ts";

export const TRACK_FORM_MESSAGES = {
  required: TRACK_MESSAGES.required,
  fieldRequired: "Required",
  price: "Price must be a number of dollars, 0 or more, with at most 2 decimals.",
  createFailed: "Failed to create track. Please try again.",
  updateFailed: "Failed to update track.",
  created: "Track added.",
  updated: "Track updated.",
} as const;

/** The price message in the business currency's unit: dollars (TRACK_FORM_MESSAGES.price) on a default install. */
const priceMessage = (currency: string) =>
  currency === "USD"
    ? TRACK_FORM_MESSAGES.price
    : `Price must be a number of ${currencyRules(currency).unit}, 0 or more, with at most 2 decimals.`;

const fragment = graphql`
  fragment TrackFormDialog_track on Track {
    id
    name
    price
    currency
    duration
    instructor
    description
    image
  }
`;

const createMutation = graphql`
  mutation TrackFormDialogCreateMutation($input: TrackInput!, $connections: [ID!]!) {
    createTrack(input: $input) {
      __typename
      ... on TrackPayload {
        track @prependNode(connections: $connections, edgeTypeName: "QueryTracksConnectionEdge") {
          id
          ...TrackTile_track
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const updateMutation = graphql`
  mutation TrackFormDialogUpdateMutation($id: ID!, $input: TrackInput!) {
    updateTrack(id: $id, input: $input) {
      __typename
      ... on TrackPayload {
        track {
          id
          ...TrackFormDialog_track
          ...TrackTile_track
          ...AdminTrackDetailsPage_track
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export type TrackFields = { name: string; price: string; duration: string; instructor: string; description: string };
const FIELDS = ["name", "price", "duration", "instructor", "description"] as const;

/**
 * The blank check (docs/product.md, Validation): every text field is required; the image is optional.
 * `priceUnreadable`: the price box holds text the browser cannot read as a number (a number input then reports an
 * empty value, e.g. "12e", or any text in some browsers); that is a wrong price, not a missing one, so it does not
 * say "Please fill in all required fields." about a field the admin can see is filled.
 */
export function validateTrack(values: TrackFields, priceUnreadable = false, currency = "USD"): FormCheck<TrackFields> {
  const fields: FieldErrors<TrackFields> = {};
  for (const name of FIELDS) if (!values[name].trim()) fields[name] = TRACK_FORM_MESSAGES.fieldRequired;
  if (priceUnreadable) {
    delete fields.price;
    const required = Object.keys(fields).length > 0;
    return { message: required ? TRACK_FORM_MESSAGES.required : null, fields: { ...fields, price: priceMessage(currency) } };
  }
  if (Object.keys(fields).length > 0) return { message: TRACK_FORM_MESSAGES.required, fields };
  const price = Number(values.price);
  if (!Number.isFinite(price) || price < 0 || Math.round(price * 100) !== price * 100) {
    return { message: null, fields: { price: priceMessage(currency) } };
  }
  return { message: null, fields };
}

interface TrackFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The track to update; without it the dialog adds a new track. */
  trackKey?: TrackFormDialog_track$key | null;
  /** Connections a new track is added to (the track grid). */
  connectionIds?: string[];
  /** The business currency, which a new track's price is in (an edited track's own currency is read with it). */
  currency?: string;
}

/** Add Track and Update Track (docs/product.md, Admin pages). Sent with the session token to this app's own origin. */
export function TrackFormDialog({ open, onOpenChange, trackKey = null, connectionIds = [], currency = "USD" }: TrackFormDialogProps) {
  const track = useFragment(fragment, trackKey) ?? null;
  // Mounted only while open, so every opening starts from the track's current values.
  return open ? (
    <TrackForm track={track} onOpenChange={onOpenChange} connectionIds={connectionIds} currency={track?.currency ?? currency} />
  ) : null;
}

function TrackForm({
  track,
  onOpenChange,
  connectionIds,
  currency,
}: {
  currency: string;
  track: TrackFormDialog_track$data | null;
  onOpenChange: (open: boolean) => void;
  connectionIds: string[];
}) {
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  // New tracks only: a draft is seen by staff alone until it is published.
  const [draft, setDraft] = useState(false);
  const [createTrack, isCreating] = useAsyncMutation<TrackFormDialogCreateMutation>(createMutation);
  const [updateTrack, isUpdating] = useAsyncMutation<TrackFormDialogUpdateMutation>(updateMutation);
  const pending = isCreating || isUpdating;
  const entityForm = useEntityForm<TrackFields>({
    initial: {
      name: track?.name ?? "",
      price: track ? String(track.price) : "",
      duration: track?.duration ?? "",
      instructor: track?.instructor ?? "",
      description: track?.description ?? "",
    },
    fieldNames: FIELDS,
    updating: track !== null,
    messages: TRACK_FORM_MESSAGES,
    pending,
    check: (values): FormCheck<TrackFields> => validateTrack(values, priceUnreadable(), currency),
    blocked: imageError !== null,
    save: async ({ name, price, duration, instructor, description }) => {
      const input = {
        name: name.trim(),
        price: Number(price),
        duration: duration.trim(),
        instructor: instructor.trim(),
        description: description.trim(),
        ...(image ? { image } : {}),
        ...(!track && draft ? { status: "DRAFT" as const } : {}),
      };
      return track
        ? (await updateTrack({ variables: { id: track.id, input } })).updateTrack
        : (await createTrack({ variables: { input, connections: connectionIds } })).createTrack;
    },
    onFailure: (failure) => failure.fieldErrors.image && setImageError(failure.fieldErrors.image),
    onSaved: () => onOpenChange(false),
    describeThrown: (error, fallback) => {
      const status = httpStatusOf(error);
      return status ? `Server returned ${status} error` : thrownMessage(error, { fallback });
    },
  });
  const { form } = entityForm;
  function priceUnreadable(): boolean {
    return form.formRef.current?.querySelector<HTMLInputElement>('input[name="price"]')?.validity.badInput === true;
  }

  return (
    <EntityFormDialog
      entityForm={entityForm}
      onOpenChange={onOpenChange}
      title={track ? "Update Track" : "Add Track"}
      description={
        track
          ? `Change the details of ${track.name}.`
          : draft
            ? "A draft is seen only by staff until you publish it."
            : "A new track appears in the catalogue straight away."
      }
      submitLabel={track ? "Save changes" : "Add Track"}
      pending={pending}
      size="wide"
    >
      <TextField label="Name" required placeholder="e.g. Cloud Computing Fundamentals" {...form.field("name")} />
      <div className={formStyles.row}>
        <TextField
          label={`Price (${currencySymbol(currency)})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          placeholder="0.00"
          {...form.field("price")}
        />
        <TextField label="Duration" required placeholder="e.g. 12 weeks" {...form.field("duration")} />
      </div>
      <TextField label="Instructor" required placeholder="Who teaches this track" {...form.field("instructor")} />
      <TextArea
        label="Description"
        required
        rows={4}
        placeholder="What learners will be able to do after this track"
        {...form.field("description")}
      />
      <ImageField
        label={track ? "Picture" : "Image"}
        currentUrl={track?.image}
        file={image}
        onFileChange={setImage}
        error={imageError}
        onError={setImageError}
      />
      {!track && (
        <Switch
          label="Save as draft"
          description="Keep it out of the catalogue until you publish it."
          checked={draft}
          onCheckedChange={setDraft}
        />
      )}
    </EntityFormDialog>
  );
}

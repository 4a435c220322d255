import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { downloadCsv } from "../../../../components/downloadCsv.ts";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../CouponsPage.module.css";
import type { CouponBatchDialog_query$key } from "./__generated__/CouponBatchDialog_query.graphql.ts";
import type { CouponBatchDialogMutation } from "./__generated__/CouponBatchDialogMutation.graphql.ts";
import { batchCsvPath } from "./DeactivateCouponDialog.tsx";

const tracksFragment = graphql`
  fragment CouponBatchDialog_query on Query @argumentDefinitions(first: { type: "Int", defaultValue: 100 }) {
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

const mutation = graphql`
  mutation CouponBatchDialogMutation($input: CouponBatchInput!) {
    generateCouponBatch(input: $input) {
      __typename
      ... on CouponBatchPayload {
        batch {
          id
          organisation
          count
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not generate the codes.";

/** N single-use codes for one sponsor and track; the CSV of the codes downloads once they are made. */
export function CouponBatchDialog({
  open,
  onOpenChange,
  tracksKey,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tracksKey: CouponBatchDialog_query$key;
  onSaved: () => void;
}) {
  const { tracks } = useFragment(tracksFragment, tracksKey);
  const [organisation, setOrganisation] = useState("");
  const [trackId, setTrackId] = useState("");
  const [count, setCount] = useState("10");
  const [percent, setPercent] = useState("100");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [generate, generating] = useAsyncMutation<CouponBatchDialogMutation>(mutation);

  const reset = () => {
    setOrganisation("");
    setTrackId("");
    setCount("10");
    setPercent("100");
    setFieldErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (generating) return;
    setError(null);
    const local: Record<string, string> = {};
    if (!trackId) local.trackId = "Choose a track.";
    if (!/^\d{1,4}$/.test(count.trim())) local.count = "Generate 1 to 1000 codes.";
    if (!/^\d{1,3}$/.test(percent.trim())) local.percent = "A percentage is a whole number from 1 to 100.";
    setFieldErrors(local);
    if (Object.keys(local).length) return;
    try {
      const { generateCouponBatch: result } = await generate({
        variables: { input: { organisation: organisation.trim(), trackId, count: Number(count), percent: Number(percent) } },
      });
      const failure = failureOf(result, FAILED);
      if (failure) {
        setFieldErrors(failure.fieldErrors);
        setError(failure.message);
        return;
      }
      const batch = result.batch;
      toast.success(`${batch?.count ?? ""} codes generated for ${batch?.organisation ?? ""}.`);
      reset();
      onSaved();
      onOpenChange(false);
      if (batch) await downloadCsv(batchCsvPath(batch.id), "coupon-codes.csv").catch(() => undefined);
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: FAILED }));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Generate sponsor codes"
      description="Single-use random codes for one organisation and track. The CSV downloads when they are ready."
      submitLabel="Generate codes"
      pending={generating}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Organisation"
        required
        value={organisation}
        error={fieldErrors.organisation}
        onChange={(event) => setOrganisation(event.target.value)}
      />
      <Select label="Track" required value={trackId} error={fieldErrors.trackId} onChange={(event) => setTrackId(event.target.value)}>
        <option value="">Choose a track</option>
        {tracks.edges.map(({ node }) => (
          <option key={node.id} value={node.id}>
            {node.name}
          </option>
        ))}
      </Select>
      <div className={styles.row}>
        <TextField
          label="Number of codes"
          required
          inputMode="numeric"
          hint="1 to 1000"
          value={count}
          error={fieldErrors.count}
          onChange={(e) => setCount(e.target.value)}
        />
        <TextField
          label="Percent off"
          required
          inputMode="numeric"
          hint="100: the sponsor pays it all"
          value={percent}
          error={fieldErrors.percent}
          onChange={(e) => setPercent(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}

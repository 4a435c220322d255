import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../CouponsPage.module.css";
import type { CouponFormDialog_query$key } from "./__generated__/CouponFormDialog_query.graphql.ts";
import type { CouponFormDialogMutation, CouponKind } from "./__generated__/CouponFormDialogMutation.graphql.ts";

const tracksFragment = graphql`
  fragment CouponFormDialog_query on Query @argumentDefinitions(first: { type: "Int", defaultValue: 100 }) {
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
  mutation CouponFormDialogMutation($input: CouponInput!) {
    createCoupon(input: $input) {
      __typename
      ... on CouponPayload {
        coupon {
          id
          code
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not create the coupon.";

/** A calendar day from a date input as the start (00:00 UTC) or the end (the next day's 00:00 UTC, exclusive) of validity. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00Z`).toISOString() : null);
const dayEnd = (day: string) => (day ? new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString() : null);

/** Creates a coupon: code, percent or fixed amount, all or chosen tracks, dates, a cap, once per learner. */
export function CouponFormDialog({
  open,
  onOpenChange,
  tracksKey,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tracksKey: CouponFormDialog_query$key;
  onSaved: () => void;
}) {
  const { tracks } = useFragment(tracksFragment, tracksKey);
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<CouponKind>("PERCENT");
  const [value, setValue] = useState("");
  const [allTracks, setAllTracks] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [starts, setStarts] = useState("");
  const [ends, setEnds] = useState("");
  const [cap, setCap] = useState("");
  const [oncePerLearner, setOncePerLearner] = useState(true);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useAsyncMutation<CouponFormDialogMutation>(mutation);

  const reset = () => {
    setCode("");
    setKind("PERCENT");
    setValue("");
    setAllTracks(true);
    setChosen(new Set());
    setStarts("");
    setEnds("");
    setCap("");
    setOncePerLearner(true);
    setFieldErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    setError(null);
    const local: Record<string, string> = {};
    const number = Number(value);
    if (!value.trim() || !Number.isFinite(number))
      local.value = kind === "PERCENT" ? "A percentage is a whole number from 1 to 100." : "Enter an amount of at least 0.01.";
    if (cap.trim() && !/^\d+$/.test(cap.trim())) local.maxRedemptions = "The redemption limit is a whole number from 1 to 1,000,000.";
    setFieldErrors(local);
    if (Object.keys(local).length) return;
    try {
      const { createCoupon: result } = await create({
        variables: {
          input: {
            code: code.trim(),
            kind,
            value: kind === "PERCENT" ? number : Math.round(number * 100),
            allTracks,
            trackIds: allTracks ? null : [...chosen],
            startsAt: dayStart(starts),
            endsAt: dayEnd(ends),
            maxRedemptions: cap.trim() ? Number(cap) : null,
            oncePerLearner,
          },
        },
      });
      const failure = failureOf(result, FAILED);
      if (failure) {
        setFieldErrors(failure.fieldErrors);
        setError(failure.message);
        return;
      }
      toast.success(`Coupon ${result.coupon?.code ?? ""} created.`);
      reset();
      onSaved();
      onOpenChange(false);
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
      title="Create coupon"
      description="Learners type the code at checkout; the price is recomputed by the server."
      submitLabel="Create coupon"
      pending={creating}
      onSubmit={submit}
      size="wide"
    >
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.row}>
        <TextField
          label="Code"
          required
          autoComplete="off"
          placeholder="SPRING25"
          hint="Letters, digits and dashes; any case."
          value={code}
          error={fieldErrors.code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Select label="Kind" value={kind} onChange={(event) => setKind(event.target.value as CouponKind)}>
          <option value="PERCENT">Percent off</option>
          <option value="FIXED">Fixed amount off (USD)</option>
        </Select>
        <TextField
          label={kind === "PERCENT" ? "Percent" : "Amount (USD)"}
          required
          inputMode="decimal"
          value={value}
          error={fieldErrors.value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Tracks</legend>
        <div className={styles.checkboxes}>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={allTracks} onChange={(event) => setAllTracks(event.target.checked)} />
            All tracks
          </label>
          {!allTracks &&
            tracks.edges.map(({ node }) => (
              <label key={node.id} className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={chosen.has(node.id)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(node.id);
                    else next.delete(node.id);
                    setChosen(next);
                  }}
                />
                {node.name}
              </label>
            ))}
        </div>
        {fieldErrors.trackIds && <Alert tone="error">{fieldErrors.trackIds}</Alert>}
      </fieldset>
      <div className={styles.row}>
        <TextField
          label="Starts on"
          type="date"
          hint="Optional"
          value={starts}
          error={fieldErrors.startsAt}
          onChange={(e) => setStarts(e.target.value)}
        />
        <TextField
          label="Ends on"
          type="date"
          hint="Optional; valid through this day (UTC)"
          value={ends}
          error={fieldErrors.endsAt}
          onChange={(e) => setEnds(e.target.value)}
        />
        <TextField
          label="Redemption limit"
          inputMode="numeric"
          hint="Optional: total uses"
          value={cap}
          error={fieldErrors.maxRedemptions}
          onChange={(event) => setCap(event.target.value)}
        />
      </div>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={oncePerLearner} onChange={(event) => setOncePerLearner(event.target.checked)} />
        Once per learner
      </label>
    </FormDialog>
  );
}

import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { currencyRules, toMinorUnits } from "../../../../../../../common/money.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import type { InstalmentPlanDialogMutation } from "./__generated__/InstalmentPlanDialogMutation.graphql.ts";
import { ScheduleTable } from "./InstalmentSchedule.tsx";
import { type Interval, previewSchedule } from "./instalmentPreview.ts";
import styles from "./TrackInstalmentPlan.module.css";

export const PLAN_FORM_MESSAGES = {
  firstRequired: "The first part's amount is required.",
  firstInvalid: (unit: string) => `Enter the first part as an amount of ${unit}.`,
  firstTooLarge: "The first part must be more than 0 and less than the price, leaving at least one minor unit for each later part.",
  failed: "Failed to save the instalment plan.",
  saved: "Instalment plan saved.",
} as const;

/** The parts a plan may have (docs/payments.md, "Instalments": 2 to 12). */
const PART_CHOICES = Array.from({ length: 11 }, (_, i) => i + 2);

const mutation = graphql`
  mutation InstalmentPlanDialogMutation($id: ID!, $input: InstalmentPlanInput!) {
    setInstalmentPlan(id: $id, input: $input) {
      __typename
      ... on TrackPayload {
        track {
          id
          ...TrackInstalmentPlan_track
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface InstalmentPlanDialogProps {
  /** The track: its price in minor units of its main currency, and that price formatted. */
  track: { id: string; priceMinor: number; currency: string; price: string };
  /** The plan being edited, or null to add one. */
  plan: { parts: number; interval: string; firstAmount: number } | null;
  onOpenChange: (open: boolean) => void;
}

/** Sets a track's instalment plan: parts, interval and the first part (main currency), previewing the schedule. */
export function InstalmentPlanDialog({ track, plan, onOpenChange }: InstalmentPlanDialogProps) {
  const [save, pending] = useAsyncMutation<InstalmentPlanDialogMutation>(mutation);
  const [parts, setParts] = useState(plan?.parts ?? 3);
  const [interval, setEvery] = useState<Interval>(plan?.interval === "WEEKLY" ? "WEEKLY" : "MONTHLY");
  const [first, setFirst] = useState(plan ? String(plan.firstAmount) : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const rules = currencyRules(track.currency);

  const parsed = first.trim() === "" ? null : toMinorUnits(first.trim(), track.currency);
  const firstMinor = parsed && "minor" in parsed ? parsed.minor : null;
  const preview = firstMinor === null ? null : previewSchedule({ parts, interval, firstMinor }, track.priceMinor, track.currency);

  const firstProblem = () => {
    if (first.trim() === "") return PLAN_FORM_MESSAGES.firstRequired;
    if (firstMinor === null) return PLAN_FORM_MESSAGES.firstInvalid(rules.unit);
    return preview ? null : PLAN_FORM_MESSAGES.firstTooLarge;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = firstProblem();
    setErrors(problem ? { firstAmount: problem } : {});
    setError(null);
    if (problem) {
      document.getElementById("plan-first")?.focus();
      return;
    }
    try {
      const input = { parts, interval, firstAmount: Number(first.trim()) };
      const result = (await save({ variables: { id: track.id, input } })).setInstalmentPlan;
      const failure = failureOf(result, PLAN_FORM_MESSAGES.failed);
      if (failure) {
        setErrors(failure.fieldErrors);
        setError(failure.message);
        return;
      }
      toast.success(PLAN_FORM_MESSAGES.saved);
      onOpenChange(false);
    } catch (thrown) {
      setError(thrownMessage(thrown, { fallback: PLAN_FORM_MESSAGES.failed }));
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={plan ? "Edit instalment plan" : "Add instalment plan"}
      description={`Learners may pay ${track.price} in parts. Plans already bought keep their amounts and dates.`}
      submitLabel="Save plan"
      pending={pending}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.fields}>
        <Select
          label="Parts"
          required
          value={String(parts)}
          error={errors.parts}
          onChange={(event) => setParts(Number(event.currentTarget.value))}
        >
          {PART_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Select
          label="Every"
          required
          value={interval}
          error={errors.interval}
          onChange={(event) => setEvery(event.currentTarget.value as Interval)}
        >
          <option value="WEEKLY">Week</option>
          <option value="MONTHLY">Month</option>
        </Select>
        <TextField
          id="plan-first"
          label={`First part (${track.currency})`}
          required
          inputMode="decimal"
          value={first}
          error={errors.firstAmount}
          onChange={(event) => {
            setFirst(event.target.value);
            setErrors(({ firstAmount: _, ...rest }) => rest);
          }}
        />
      </div>
      {preview ? (
        <ScheduleTable caption="Preview: a purchase today" parts={preview} />
      ) : (
        <p className={styles.muted} aria-live="polite">
          Enter the first part to preview the schedule.
        </p>
      )}
    </FormDialog>
  );
}

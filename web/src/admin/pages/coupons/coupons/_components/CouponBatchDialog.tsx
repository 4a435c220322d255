import { useState } from "react";
import { graphql } from "react-relay/hooks";
import { COUPON_MESSAGES } from "../../../../../../../common/coupons.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { downloadCsv } from "../../../../components/downloadCsv.ts";
import styles from "../CouponsPage.module.css";
import type { CouponBatchDialogMutation } from "./__generated__/CouponBatchDialogMutation.graphql.ts";
import { CouponDialog, type CouponDialogOpening, PERCENT_RULE, useCouponTracks } from "./CouponDialog.tsx";
import { batchCsvPath } from "./DeactivateCouponDialog.tsx";

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
export function CouponBatchDialog({ tracksKey, ...opening }: CouponDialogOpening) {
  const tracks = useCouponTracks(tracksKey);
  const [organisation, setOrganisation] = useState("");
  const [trackId, setTrackId] = useState("");
  const [count, setCount] = useState("10");
  const [percent, setPercent] = useState("100");
  const [generate, generating] = useAsyncMutation<CouponBatchDialogMutation>(mutation);

  return (
    <CouponDialog
      {...opening}
      title="Generate sponsor codes"
      description="Single-use random codes for one organisation and track. The CSV downloads when they are ready."
      submitLabel="Generate codes"
      pending={generating}
      failed={FAILED}
      clear={() => {
        setOrganisation("");
        setTrackId("");
        setCount("10");
        setPercent("100");
      }}
      check={() => {
        const local: Record<string, string> = {};
        if (!trackId) local.trackId = "Choose a track.";
        if (!/^\d{1,4}$/.test(count.trim())) local.count = COUPON_MESSAGES.count;
        if (!/^\d{1,3}$/.test(percent.trim())) local.percent = PERCENT_RULE;
        return local;
      }}
      send={async () => {
        const { generateCouponBatch: result } = await generate({
          variables: { input: { organisation: organisation.trim(), trackId, count: Number(count), percent: Number(percent) } },
        });
        return result;
      }}
      saved={({ batch }) => `${batch?.count ?? ""} codes generated for ${batch?.organisation ?? ""}.`}
      afterClose={async ({ batch }) => {
        if (batch) await downloadCsv(batchCsvPath(batch.id), "coupon-codes.csv").catch(() => undefined);
      }}
    >
      {(fieldErrors) => (
        <>
          <TextField
            label="Organisation"
            required
            value={organisation}
            error={fieldErrors.organisation}
            onChange={(event) => setOrganisation(event.target.value)}
          />
          <Select label="Track" required value={trackId} error={fieldErrors.trackId} onChange={(event) => setTrackId(event.target.value)}>
            <option value="">Choose a track</option>
            {tracks.map((track) => (
              <option key={track.id} value={track.id}>
                {track.name}
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
        </>
      )}
    </CouponDialog>
  );
}

import { useState } from "react";
import { graphql } from "react-relay/hooks";
import { COUPON_MESSAGES } from "../../../../../../../common/coupons.ts";
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, isCurrencyCode } from "../../../../../../../common/money.ts";
import { moneyOf } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import formStyles from "../../../../components/forms.module.css";
import styles from "../CouponsPage.module.css";
import type { CouponFormDialogMutation, CouponKind } from "./__generated__/CouponFormDialogMutation.graphql.ts";
import { CouponDialog, type CouponDialogOpening, PERCENT_RULE, useCouponTracks } from "./CouponDialog.tsx";

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
  tracksKey,
  businessCurrency = "USD",
  ...opening
}: CouponDialogOpening & {
  /** A fixed amount is in this currency unless another is chosen (the server's default too). */
  businessCurrency?: string;
}) {
  const defaultCurrency: CurrencyCode = isCurrencyCode(businessCurrency) ? businessCurrency : "USD";
  const tracks = useCouponTracks(tracksKey);
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<CouponKind>("PERCENT");
  const [value, setValue] = useState("");
  // A fixed amount applies only to checkouts in its currency (the server's rule); a percentage applies in any.
  const [currency, setCurrency] = useState<CurrencyCode>(defaultCurrency);
  const [allTracks, setAllTracks] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [starts, setStarts] = useState("");
  const [ends, setEnds] = useState("");
  const [cap, setCap] = useState("");
  const [oncePerLearner, setOncePerLearner] = useState(true);
  const [create, creating] = useAsyncMutation<CouponFormDialogMutation>(mutation);

  return (
    <CouponDialog
      {...opening}
      title="Create coupon"
      description="Learners type the code at checkout; the price is recomputed by the server."
      submitLabel="Create coupon"
      size="wide"
      pending={creating}
      failed={FAILED}
      clear={() => {
        setCode("");
        setKind("PERCENT");
        setValue("");
        setCurrency(defaultCurrency);
        setAllTracks(true);
        setChosen(new Set());
        setStarts("");
        setEnds("");
        setCap("");
        setOncePerLearner(true);
      }}
      check={() => {
        const local: Record<string, string> = {};
        const number = Number(value);
        if (!value.trim() || !Number.isFinite(number)) local.value = kind === "PERCENT" ? PERCENT_RULE : COUPON_MESSAGES.amount;
        if (cap.trim() && !/^\d+$/.test(cap.trim())) local.maxRedemptions = COUPON_MESSAGES.cap;
        return local;
      }}
      send={async () => {
        const number = Number(value);
        const { createCoupon: result } = await create({
          variables: {
            input: {
              code: code.trim(),
              kind,
              value: kind === "PERCENT" ? number : moneyOf(number, currency).minor,
              // Omitted, the server takes the business currency: sent only when another was chosen.
              ...(kind === "FIXED" && currency !== defaultCurrency ? { currency } : {}),
              allTracks,
              trackIds: allTracks ? null : [...chosen],
              startsAt: dayStart(starts),
              endsAt: dayEnd(ends),
              maxRedemptions: cap.trim() ? Number(cap) : null,
              oncePerLearner,
            },
          },
        });
        return result;
      }}
      saved={(result) => `Coupon ${result.coupon?.code ?? ""} created.`}
    >
      {(fieldErrors) => (
        <>
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
              <option value="FIXED">Fixed amount off</option>
            </Select>
            {kind === "FIXED" && (
              <Select
                label="Currency"
                hint="The coupon applies only to checkouts in this currency."
                value={currency}
                error={fieldErrors.currency}
                onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
              >
                {CURRENCY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code} · {CURRENCIES[code].name}
                  </option>
                ))}
              </Select>
            )}
            <TextField
              label={kind === "PERCENT" ? "Percent" : `Amount (${currency})`}
              required
              inputMode="decimal"
              value={value}
              error={fieldErrors.value}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <fieldset className={formStyles.choices}>
            <legend className={formStyles.choicesLegend}>Tracks</legend>
            <div className={styles.checkboxes}>
              <label className={formStyles.checkbox}>
                <input type="checkbox" checked={allTracks} onChange={(event) => setAllTracks(event.target.checked)} />
                All tracks
              </label>
              {!allTracks &&
                tracks.map((track) => (
                  <label key={track.id} className={formStyles.checkbox}>
                    <input
                      type="checkbox"
                      checked={chosen.has(track.id)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(track.id);
                        else next.delete(track.id);
                        setChosen(next);
                      }}
                    />
                    {track.name}
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
          <label className={formStyles.checkbox}>
            <input type="checkbox" checked={oncePerLearner} onChange={(event) => setOncePerLearner(event.target.checked)} />
            Once per learner
          </label>
        </>
      )}
    </CouponDialog>
  );
}

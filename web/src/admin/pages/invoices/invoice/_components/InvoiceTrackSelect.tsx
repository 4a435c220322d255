import { type ChangeEvent, Suspense, useEffect } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from "react-relay/hooks";
import { ErrorBoundary } from "../../../../../shared/ui/ErrorBoundary.tsx";
import { Select } from "../../../../../shared/ui/Field.tsx";
import { ALL_TRACKS } from "../../../../components/pageSizes.ts";
import type { InvoiceTrackSelectQuery as Query } from "./__generated__/InvoiceTrackSelectQuery.graphql.ts";
import InvoiceTrackSelectQuery from "./__generated__/InvoiceTrackSelectQuery.graphql.ts";

export const TRACKS_FAILED = "Could not load tracks list.";

/**
 * The select's value for a line that is not a track, and the form's default: the spec's form has no track, so an
 * invoice written from its fields alone is an "Other" line; a description is optional.
 */
export const OTHER_LINE = "OTHER";

/** Under the select: what its default means. */
export const TRACK_HINT = "Other unless the invoice is for a track";

const query = graphql`
  query InvoiceTrackSelectQuery($first: Int!) {
    tracks(first: $first) {
      edges {
        node {
          id
          name
          price
          status
        }
      }
    }
  }
`;

interface InvoiceTrackSelectProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  error: string | null;
  /** The chosen track's price in dollars (null for Other), to fill in the amount. */
  onPrice: (price: number | null) => void;
  /** The invoice's track when editing, offered even if not among the loaded tracks. */
  current?: { id: string; name: string } | null;
  disabled?: boolean;
}

/** What the invoice is for: "Other" (the default) or one of the tracks (drafts included, staff see them). */
export function InvoiceTrackSelect(props: InvoiceTrackSelectProps) {
  const [queryRef, loadTracks] = useQueryLoader<Query>(InvoiceTrackSelectQuery);
  useEffect(() => {
    loadTracks({ first: ALL_TRACKS }, { fetchPolicy: "store-and-network" });
  }, [loadTracks]);
  const placeholder = (text: string, error: string | null = props.error) => (
    <Select label="Track" name="trackId" disabled value="" hint={TRACK_HINT} error={error} onChange={() => undefined}>
      <option value="">{text}</option>
    </Select>
  );
  return (
    <ErrorBoundary fallback={() => placeholder("No tracks", TRACKS_FAILED)}>
      <Suspense fallback={placeholder("Loading tracks...")}>{queryRef && <TrackOptions queryRef={queryRef} {...props} />}</Suspense>
    </ErrorBoundary>
  );
}

function TrackOptions({
  queryRef,
  value,
  onChange,
  onPrice,
  error,
  current,
  disabled,
}: InvoiceTrackSelectProps & { queryRef: PreloadedQuery<Query> }) {
  const { tracks } = usePreloadedQuery<Query>(query, queryRef);
  const options: { id: string; name: string; price?: number; status?: string }[] = tracks.edges.map(({ node }) => node);
  if (current && !options.some((track) => track.id === current.id)) options.unshift(current);
  return (
    <Select
      label="Track"
      name="trackId"
      hint={TRACK_HINT}
      disabled={disabled}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(event);
        onPrice(options.find((track) => track.id === event.target.value)?.price ?? null);
      }}
    >
      <option value={OTHER_LINE}>Other (not a track)</option>
      {options.map((track) => (
        <option key={track.id} value={track.id}>
          {track.name}
          {track.status === "DRAFT" ? " (draft)" : ""}
        </option>
      ))}
    </Select>
  );
}

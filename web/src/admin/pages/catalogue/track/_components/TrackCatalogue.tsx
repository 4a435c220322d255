import { useEffect, useRef, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { PlusIcon } from "../../../../../shared/ui/icons.tsx";
import { SearchField } from "../../../../../shared/ui/SearchField.tsx";
import { READ_ONLY, ReadOnlyNote } from "../../../../components/ReadOnlyNote.tsx";
import { useDebouncedValue } from "../../../../components/useDebouncedValue.ts";
import { can, useViewer } from "../../../../staff/AdminViewer.ts";
import { TrackFormDialog } from "../../trackdetails/_components/TrackFormDialog.tsx";
import type { TrackCatalogue_query$key } from "./__generated__/TrackCatalogue_query.graphql.ts";
import type { TrackCatalogueRefetchQuery } from "./__generated__/TrackCatalogueRefetchQuery.graphql.ts";
import { type ArchiveFilter, archivedOf, TrackArchiveFilter } from "./TrackArchiveFilter.tsx";
import styles from "./TrackCatalogue.module.css";
import { TrackTile } from "./TrackTile.tsx";

/** Search, Add Track and the grid of track cards. */
export function TrackCatalogue({ queryKey }: { queryKey: TrackCatalogue_query$key }) {
  const [data, refetch] = useRefetchableFragment<TrackCatalogueRefetchQuery, TrackCatalogue_query$key>(
    graphql`
      fragment TrackCatalogue_query on Query
      @refetchable(queryName: "TrackCatalogueRefetchQuery")
      @argumentDefinitions(
        search: { type: "String", defaultValue: "" }
        first: { type: "Int", defaultValue: 100 }
        after: { type: "String" }
        archived: { type: "Boolean" }
      ) {
        paymentOptions {
          currency
        }
        # The archive filter is not part of the connection's key: every change of it refetches from the network.
        tracks(first: $first, after: $after, search: $search, archived: $archived)
          @connection(key: "TrackCatalogue_tracks", filters: ["search"]) {
          __id
          edges {
            node {
              id
              ...TrackTile_track
            }
          }
        }
      }
    `,
    queryKey,
  );
  const [search, setSearch] = useState("");
  const settledSearch = useDebouncedValue(search.trim());
  const [isPending, startTransition] = useTransition();
  const [adding, setAdding] = useState(false);

  const shownSearch = useRef(settledSearch);
  const [archive, setArchive] = useState<ArchiveFilter>("all");
  const archived = archivedOf(archive);

  // The grid stays on screen (dimmed) while the results for the new search load.
  useEffect(() => {
    if (settledSearch === shownSearch.current) return;
    shownSearch.current = settledSearch;
    startTransition(() => {
      refetch({ search: settledSearch, archived }, { fetchPolicy: archived === null ? "store-or-network" : "network-only" });
    });
  }, [settledSearch, refetch, archived]);

  const showArchive = (next: ArchiveFilter) => {
    setArchive(next);
    startTransition(() => {
      refetch({ search: settledSearch, archived: archivedOf(next) }, { fetchPolicy: "network-only" });
    });
  };

  const { edges, __id: connectionId } = data.tracks;
  const mayEdit = can(useViewer(), "editCatalogue");
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField
          label="Search tracks by name"
          placeholder="Search for a track..."
          value={search}
          onValueChange={setSearch}
          pending={isPending}
        />
        <TrackArchiveFilter value={archive} onChange={showArchive} />
        {mayEdit ? (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon size={18} />
            Add Track
          </Button>
        ) : (
          <ReadOnlyNote reason={READ_ONLY.tracks} />
        )}
      </div>
      {edges.length === 0 ? (
        <p className={styles.empty}>No tracks found.</p>
      ) : (
        <ul className={cx(styles.grid, isPending && styles.pending)} aria-busy={isPending || undefined}>
          {edges.map(({ node }) => (
            <li key={node.id}>
              <TrackTile trackKey={node} />
            </li>
          ))}
        </ul>
      )}
      <TrackFormDialog open={adding} onOpenChange={setAdding} connectionIds={[connectionId]} currency={data.paymentOptions.currency} />
    </>
  );
}

/** The toolbar and placeholder cards while the tracks load. */
export function TrackCatalogueSkeleton() {
  return (
    <div role="status" aria-label="Loading tracks...">
      <div className={styles.toolbar}>
        <SearchField label="Search tracks by name" placeholder="Search for a track..." value="" onValueChange={() => undefined} disabled />
        <Button disabled>
          <PlusIcon size={18} />
          Add Track
        </Button>
      </div>
      <ul className={styles.grid} aria-hidden="true">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <li key={n} className={styles.placeholder} />
        ))}
      </ul>
    </div>
  );
}

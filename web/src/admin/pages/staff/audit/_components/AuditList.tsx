import { useEffect, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { formatInstantWithTime } from "../../../../../shared/format/dates.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { DownloadIcon } from "../../../../../shared/ui/icons.tsx";
import { Pagination } from "../../../../../shared/ui/Pagination.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import { downloadCsv } from "../../../../components/downloadCsv.ts";
import listStyles from "../../../../components/ListLayout.module.css";
import { useDebouncedValue } from "../../../../components/useDebouncedValue.ts";
import { pageCount, rangeText } from "../../../../components/usePagedSearch.ts";
import type { AuditList_query$data, AuditList_query$key } from "./__generated__/AuditList_query.graphql.ts";
import type { AuditListRefetchQuery } from "./__generated__/AuditListRefetchQuery.graphql.ts";
import styles from "./AuditList.module.css";
import { changeLines } from "./auditChanges.ts";

export const ENTITY_TYPES = ["Admin", "Track", "Course", "Invoice", "StaffInvitation"] as const;

type Entry = NonNullable<AuditList_query$data["auditLog"]["edges"]>[number]["node"];

interface Filter {
  person: string;
  entityType: string;
  from: string;
  to: string;
}

const NO_FILTER: Filter = { person: "", entityType: "", from: "", to: "" };

/** The filter as the API takes it: empty fields left out. */
const apiFilter = (filter: Filter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim() !== ""));

const columns: Column<Entry>[] = [
  { key: "time", header: "Time", cell: (e) => <span className={listStyles.nowrap}>{formatInstantWithTime(e.createdAt)}</span> },
  { key: "person", header: "Person", cell: (e) => <span className={styles.breakable}>{e.actorEmail}</span> },
  { key: "role", header: "Role", cell: (e) => (e.actorRole ? e.actorRole.charAt(0) + e.actorRole.slice(1).toLowerCase() : "—") },
  { key: "action", header: "Action", cell: (e) => <code className={styles.code}>{e.action}</code> },
  {
    key: "entity",
    header: "Entity",
    cell: (e) => <span title={e.entityId ?? undefined}>{e.entityType}</span>,
  },
  {
    key: "changes",
    header: "Changes",
    cell: (e) => {
      const lines = changeLines(e.changes);
      return lines.length === 0 ? (
        <span className={listStyles.muted}>—</span>
      ) : (
        <ul className={styles.changes}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    },
  },
  { key: "ip", header: "Address", cell: (e) => <span className={styles.breakable}>{e.ip ?? "—"}</span> },
];

/** The audit log's filters (person, entity type, dates), table, page buttons and CSV export of what is filtered. */
export function AuditList({ queryKey }: { queryKey: AuditList_query$key }) {
  const [data, refetch] = useRefetchableFragment<AuditListRefetchQuery, AuditList_query$key>(
    graphql`
      fragment AuditList_query on Query
      @refetchable(queryName: "AuditListRefetchQuery")
      @argumentDefinitions(
        filter: { type: "AuditFilter", defaultValue: {} }
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
      ) {
        auditLog(filter: $filter, page: $page, first: $first) {
          totalCount
          edges {
            node {
              id
              createdAt
              actorEmail
              actorRole
              action
              entityType
              entityId
              changes
              ip
            }
          }
        }
      }
    `,
    queryKey,
  );
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const person = useDebouncedValue(filter.person.trim());
  const settled = { ...filter, person };
  const [shown, setShown] = useState<{ filter: Filter; page: number }>({ filter: NO_FILTER, page: 1 });
  const [isPending, startTransition] = useTransition();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const load = (next: { filter: Filter; page: number }) =>
    startTransition(() => {
      setShown(next);
      refetch({ filter: apiFilter(next.filter), page: next.page }, { fetchPolicy: "store-and-network" });
    });
  const settledKey = JSON.stringify(settled);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads page 1 when the (debounced) filter changes.
  useEffect(() => {
    if (settledKey !== JSON.stringify(shown.filter)) load({ filter: settled, page: 1 });
  }, [settledKey]);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadCsv(`/api/admin/audit/export.csv?${new URLSearchParams(apiFilter(shown.filter))}`, "audit-log.csv");
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };

  const edges = data.auditLog.edges ?? [];
  const totalCount = data.auditLog.totalCount ?? 0;
  const change = (field: keyof Filter) => (event: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [field]: event.target.value }));
  return (
    <>
      <form className={styles.filters} aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
        <TextField label="Person" type="search" placeholder="E-mail contains..." value={filter.person} onChange={change("person")} />
        <Select label="Entity" value={filter.entityType} onChange={change("entityType")}>
          <option value="">All</option>
          {ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
        <TextField label="From" type="date" value={filter.from} max={filter.to || undefined} onChange={change("from")} />
        <TextField label="To" type="date" value={filter.to} min={filter.from || undefined} onChange={change("to")} />
        <div className={styles.filterActions}>
          <Button variant="secondary" onClick={() => setFilter(NO_FILTER)} disabled={JSON.stringify(filter) === JSON.stringify(NO_FILTER)}>
            Clear
          </Button>
          <Button onClick={exportCsv} loading={exporting}>
            <DownloadIcon size={18} />
            Export CSV
          </Button>
        </div>
      </form>
      {exportError && (
        <Alert tone="error" onDismiss={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      <div className={cx(listStyles.table, isPending && listStyles.pending)}>
        <Table
          caption="Audit log"
          columns={columns}
          rows={edges.map((e) => e.node)}
          rowKey={(e) => e.id}
          emptyMessage="No audit entries match these filters."
          stackOnPhone
        />
      </div>
      <div className={listStyles.footer}>
        <p className={listStyles.range} aria-live="polite">
          {rangeText(shown.page, edges.length, totalCount, totalCount === 1 ? "entry" : "entries")}
        </p>
        <Pagination
          page={shown.page}
          pageCount={pageCount(totalCount)}
          onPageChange={(page) => load({ filter: shown.filter, page })}
          label="Audit log pages"
        />
      </div>
    </>
  );
}

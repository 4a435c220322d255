import { useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { REPORT_MESSAGES } from "../../../../../../../common/reports.ts";
import { formatCalendarDate } from "../../../../../shared/format/dates.ts";
import { formatMoney, type MoneyValue, moneyOf } from "../../../../../shared/format/format.ts";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import { DownloadIcon } from "../../../../../shared/ui/icons.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import { BarChart } from "../../../../components/BarChart.tsx";
import { lastMonths, type ReportRange } from "../reportRange.ts";
import type { ReportView_query$data, ReportView_query$key } from "./__generated__/ReportView_query.graphql.ts";
import type { ReportViewRefetchQuery } from "./__generated__/ReportViewRefetchQuery.graphql.ts";
import { downloadReportCsv, type ReportTable } from "./downloadCsv.ts";
import { ReportDiscounts } from "./ReportDiscounts.tsx";
import styles from "./ReportView.module.css";

const PRESETS = [3, 6, 12] as const;
const count = new Intl.NumberFormat("en-US");

/** The report's fields, present when the result is a Report (Relay types a union with an interface spread flat). */
type Report = Required<Omit<ReportView_query$data["report"], "message">>;
type TrackRow = { key: string; name: string; trackId: string | null; enrollments: number; revenue: number; total?: boolean };

/** The report: a date range (the last 6 months at first), monthly bars, a per-track table with totals, and CSV export. */
export function ReportView({ queryKey, initialRange }: { queryKey: ReportView_query$key; initialRange: ReportRange }) {
  const [data, refetch] = useRefetchableFragment<ReportViewRefetchQuery, ReportView_query$key>(
    graphql`
      fragment ReportView_query on Query
      @refetchable(queryName: "ReportViewRefetchQuery")
      @argumentDefinitions(from: { type: "Date!" }, to: { type: "Date!" }) {
        report(from: $from, to: $to) {
          __typename
          ... on Report {
            from
            to
            currency
            totalRevenue
            totalEnrollments
            totalCompletions
            months {
              month
              label
              year
              revenue
              enrollments
              completions
            }
            tracks {
              name
              revenue
              enrollments
              track {
                id
              }
            }
            revenueByCurrency {
              currency
              total {
                minor
                currency
              }
              tracks {
                name
                revenue {
                  minor
                  currency
                }
                track {
                  id
                }
              }
            }
            ...ReportDiscounts_report @alias(as: "discountsReport")
          }
          ... on Error {
            message
          }
        }
      }
    `,
    queryKey,
  );
  const [range, setRange] = useState<ReportRange>(initialRange);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const [downloading, setDownloading] = useState<ReportTable | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const show = (next: ReportRange) => {
    setRange(next);
    setDownloadError(null);
    if (!next.from || !next.to) return setRangeError("Choose both dates.");
    if (next.from > next.to) return setRangeError(REPORT_MESSAGES.order);
    setRangeError(null);
    startTransition(() => {
      refetch(next, { fetchPolicy: "store-and-network" });
    });
  };

  const download = async (table: ReportTable) => {
    setDownloading(table);
    setDownloadError(null);
    try {
      await downloadReportCsv(range, table);
    } catch (error) {
      setDownloadError(
        error instanceof TypeError ? "Network error. Please check your connection and try again." : String((error as Error).message),
      );
    } finally {
      setDownloading(null);
    }
  };

  const report = data.report.__typename === "Report" ? (data.report as Report) : null;
  const serverError = report ? null : (data.report.message ?? "Could not load the report.");
  // Figures in the business currency (the spec's single ones); other currencies' beside them, never added in.
  const money = (amount: number) => formatMoney(moneyOf(amount, report?.currency ?? "USD"));
  const others = report?.revenueByCurrency.filter((r) => r.currency !== report.currency) ?? [];

  return (
    <div className={styles.report}>
      <Card className={styles.controls}>
        <div className={styles.dates}>
          <TextField
            label="From"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => show({ ...range, from: e.target.value })}
          />
          <TextField label="To" type="date" value={range.to} min={range.from} onChange={(e) => show({ ...range, to: e.target.value })} />
        </div>
        <fieldset className={styles.presets}>
          <legend className="visually-hidden">Quick ranges</legend>
          {PRESETS.map((months) => {
            const preset = lastMonths(months);
            const active = preset.from === range.from && preset.to === range.to;
            return (
              <Button key={months} size="sm" variant={active ? "primary" : "secondary"} aria-pressed={active} onClick={() => show(preset)}>
                Last {months} months
              </Button>
            );
          })}
        </fieldset>
        {/* One file per table: a CSV holds one table, with one header row. */}
        <div className={styles.download}>
          <Button
            variant="secondary"
            onClick={() => download("months")}
            loading={downloading === "months"}
            disabled={Boolean(rangeError) || downloading !== null}
          >
            <DownloadIcon size={18} />
            Download CSV by month
          </Button>
          <Button
            variant="secondary"
            onClick={() => download("tracks")}
            loading={downloading === "tracks"}
            disabled={Boolean(rangeError) || downloading !== null}
          >
            <DownloadIcon size={18} />
            Download per-track CSV
          </Button>
        </div>
      </Card>
      {rangeError && <Alert tone="error">{rangeError}</Alert>}
      {downloadError && (
        <Alert tone="error" onDismiss={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}
      {serverError && <Alert tone="error">{serverError}</Alert>}
      {report && (
        <div className={cx(styles.body, isPending && styles.pending)} aria-busy={isPending || undefined}>
          <p className={styles.period}>
            {formatCalendarDate(report.from)} – {formatCalendarDate(report.to)}
          </p>
          <ul className={styles.totals}>
            <li>
              <Card className={styles.total}>
                <span className={styles.totalLabel}>Revenue</span>
                <span className={styles.totalValue}>{money(report.totalRevenue)}</span>
                {others.map((other) => (
                  <span key={other.currency} className={styles.totalOther}>
                    {formatMoney(other.total)}
                  </span>
                ))}
              </Card>
            </li>
            <li>
              <Card className={styles.total}>
                <span className={styles.totalLabel}>Enrollments</span>
                <span className={styles.totalValue}>{count.format(report.totalEnrollments)}</span>
              </Card>
            </li>
            <li>
              <Card className={styles.total}>
                <span className={styles.totalLabel}>Completions</span>
                <span className={styles.totalValue}>{count.format(report.totalCompletions)}</span>
              </Card>
            </li>
          </ul>
          <div className={styles.charts}>
            <MonthChart
              id="report-revenue"
              title="Revenue per month"
              months={report.months}
              minTop={300}
              value={(month) => month.revenue}
              valueText={(month) => money(month.revenue)}
            />
            <MonthChart
              id="report-enrollments"
              title="Enrollments per month"
              months={report.months}
              minTop={3}
              formatTick={(value) => (Number.isInteger(value) ? String(value) : value.toFixed(1))}
              value={(month) => month.enrollments}
              valueText={(month) => String(month.enrollments)}
            />
            <MonthChart
              id="report-completions"
              title="Completions per month"
              months={report.months}
              minTop={3}
              formatTick={(value) => (Number.isInteger(value) ? String(value) : value.toFixed(1))}
              value={(month) => month.completions}
              valueText={(month) => String(month.completions)}
            />
          </div>
          <section aria-labelledby="report-tracks" className={styles.tracks}>
            <h2 id="report-tracks" className={styles.sectionTitle}>
              Per track
            </h2>
            <TrackTable report={report} money={money} />
          </section>
          {others.map((other) => (
            <OtherCurrencyTracks key={other.currency} revenue={other} />
          ))}
          {report.discountsReport && <ReportDiscounts reportKey={report.discountsReport} />}
        </div>
      )}
    </div>
  );
}

type Month = Report["months"][number];

interface MonthChartProps {
  id: string;
  /** The card's heading, also the chart's name. */
  title: string;
  months: readonly Month[];
  minTop: number;
  formatTick?: (value: number) => string;
  value: (month: Month) => number;
  valueText: (month: Month) => string;
}

/** One bar a month; over more than 12 months the bars lose their value labels and name the year ("Jan 25"). */
function MonthChart({ id, title, months, minTop, formatTick, value, valueText }: MonthChartProps) {
  const long = months.length > 12;
  return (
    <Card as="section" aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <BarChart
        label={title}
        minTop={minTop}
        height={200}
        showValues={!long}
        {...(formatTick ? { formatTick } : {})}
        bars={months.map((month) => ({
          key: month.month,
          label: long ? `${month.label} ${String(month.year).slice(2)}` : month.label,
          value: value(month),
          valueText: valueText(month),
        }))}
      />
    </Card>
  );
}

function TrackTable({ report, money }: { report: Report; money: (amount: number) => string }) {
  const rows: TrackRow[] = report.tracks.map((track, i) => ({
    key: track.track?.id ?? `none-${i}`,
    name: track.name,
    trackId: track.track?.id ?? null,
    enrollments: track.enrollments,
    revenue: track.revenue,
  }));
  if (rows.length > 0) {
    rows.push({
      key: "total",
      name: "Total",
      trackId: null,
      enrollments: report.totalEnrollments,
      revenue: report.totalRevenue,
      total: true,
    });
  }
  const columns: Column<TrackRow>[] = [
    {
      key: "track",
      header: "Track",
      cell: (row) =>
        row.total ? (
          <strong>{row.name}</strong>
        ) : row.trackId ? (
          <Link to={trackPages.adminDetails(row.trackId)}>{row.name}</Link>
        ) : (
          <span className={styles.muted}>{row.name}</span>
        ),
    },
    {
      key: "enrollments",
      header: "Enrollments",
      align: "end",
      cell: (row) => <Figure bold={row.total}>{count.format(row.enrollments)}</Figure>,
    },
    { key: "revenue", header: "Revenue", align: "end", cell: (row) => <Figure bold={row.total}>{money(row.revenue)}</Figure> },
  ];
  return (
    <Table
      caption="Revenue and enrollments per track"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      emptyMessage="No revenue or enrollments in this period."
    />
  );
}

type OtherRevenue = Report["revenueByCurrency"][number];

/** Revenue in a currency other than the business one, per track: its own table, never added to the business currency's. */
function OtherCurrencyTracks({ revenue }: { revenue: OtherRevenue }) {
  const id = `report-tracks-${revenue.currency}`;
  type Row = { key: string; name: string; trackId: string | null; money: MoneyValue; total?: boolean };
  const rows: Row[] = [
    ...revenue.tracks.map((t, i) => ({ key: t.track?.id ?? `none-${i}`, name: t.name, trackId: t.track?.id ?? null, money: t.revenue })),
    { key: "total", name: "Total", trackId: null, money: revenue.total, total: true },
  ];
  const columns: Column<Row>[] = [
    {
      key: "track",
      header: "Track",
      cell: (row) =>
        row.total ? (
          <strong>{row.name}</strong>
        ) : row.trackId ? (
          <Link to={trackPages.adminDetails(row.trackId)}>{row.name}</Link>
        ) : (
          <span className={styles.muted}>{row.name}</span>
        ),
    },
    {
      key: "revenue",
      header: `Revenue (${revenue.currency})`,
      align: "end",
      cell: (row) => <Figure bold={row.total}>{formatMoney(row.money)}</Figure>,
    },
  ];
  return (
    <section aria-labelledby={id} className={styles.tracks}>
      <h2 id={id} className={styles.sectionTitle}>
        Paid in {revenue.currency}: {formatMoney(revenue.total)}
      </h2>
      <Table caption={`Revenue in ${revenue.currency} per track`} columns={columns} rows={rows} rowKey={(row) => row.key} emptyMessage="" />
    </section>
  );
}

function Figure({ bold = false, children }: { bold?: boolean | undefined; children: string }) {
  return <span className={cx(styles.figure, bold && styles.bold)}>{children}</span>;
}

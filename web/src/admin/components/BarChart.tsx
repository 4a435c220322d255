import { type CSSProperties, useRef } from "react";
import styles from "./BarChart.module.css";
import { useInView } from "./useInView.ts";

export interface Bar {
  key: string;
  /** Under the bar, e.g. "Jun". */
  label: string;
  value: number;
  /** Read out, and shown above the bar while the chart is wide enough for it, e.g. "$1,250.00". */
  valueText: string;
}

interface BarChartProps {
  bars: readonly Bar[];
  /** The axis reaches at least this far (the dashboard's 0 to 3k), further when a bar is higher. */
  minTop?: number;
  /** Tallest possible bar in pixels. */
  height?: number;
  /** Axis labels, e.g. 3000 -> "3k". */
  formatTick?: (value: number) => string;
  /** Names the chart for screen readers. */
  label: string;
  /** Figures above the bars; leave out when there are too many bars for them. */
  showValues?: boolean;
}

/** A round step so that three of them cover `max`: 1, 1.5, 2, 2.5 or 5 times a power of ten. */
function niceStep(max: number): number {
  const raw = max / 3;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = [1, 1.5, 2, 2.5, 5].find((step) => fraction <= step) ?? 10;
  return nice * power;
}

/** The top of the axis: `minTop`, or three round steps above the highest bar. */
export function axisTop(max: number, minTop: number): number {
  return max <= minTop ? minTop : niceStep(max) * 3;
}

export const compactNumber = (value: number) =>
  value >= 1000 ? `${Number((value / 1000).toFixed(1))}k` : String(Number(value.toFixed(1)));

/**
 * Vertical bars drawn with CSS, no chart library: an axis of four ticks from 0, and bars that grow into place the
 * first time the chart is scrolled into view (at once for users who prefer reduced motion).
 */
export function BarChart({ bars, minTop = 1, height = 240, formatTick = compactNumber, label, showValues = true }: BarChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const top = axisTop(Math.max(0, ...bars.map((bar) => bar.value)), minTop);
  const ticks = [3, 2, 1, 0].map((i) => (top / 3) * i);
  // Amounts like "$2,359.97" need room: on a narrow chart they give way, and the bar's tooltip still has them.
  const longValues = bars.some((bar) => bar.valueText.length > 5);
  return (
    <figure
      ref={ref}
      className={styles.chart}
      style={{ "--plot-height": `${height}px` } as CSSProperties}
      aria-label={label}
      data-long-values={longValues || undefined}
    >
      <ol className={styles.axis} aria-hidden="true">
        {ticks.map((tick) => (
          <li key={tick}>{formatTick(tick)}</li>
        ))}
      </ol>
      <ol className={styles.bars}>
        {bars.map((bar) => (
          <li key={bar.key} className={styles.column}>
            <div className={styles.track}>
              <div
                className={styles.bar}
                data-visible={inView || undefined}
                style={{ height: `${Math.max(0, (bar.value / top) * height)}px` }}
                title={`${bar.label}: ${bar.valueText}`}
              >
                <span className={styles.fill} />
                {showValues && (
                  <span className={styles.value} aria-hidden="true">
                    {bar.valueText}
                  </span>
                )}
              </div>
            </div>
            <span className={styles.label}>
              {bar.label}
              <span className="visually-hidden">: {bar.valueText}</span>
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

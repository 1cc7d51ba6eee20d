import type { AdminStats } from '@battledeck/shared/contract';
import { useRef } from 'react';
import { useElementWidth } from '../../../hooks/use-element-width';
import { labelledDays, NARROWEST_WIDTH, tickPosition } from './chart-ticks';
import styles from './uploads-chart.module.css';

type Day = AdminStats['uploads_per_day'][number];

const WIDTH = 600;
const HEIGHT = 150;
const GAP = 2;

/** '2026-11-21' → '11.21' (the spec's MM.DD order, without the year). */
const shortDate = (date: string) => `${date.slice(5, 7)}.${date.slice(8, 10)}`;

/**
 * Uploads per day as a small SVG bar chart. The picture is described by its caption and label; the exact
 * numbers are in a table right under it (collapsed), so nothing depends on seeing the bars.
 */
export function UploadsChart({ days }: { days: Day[] }) {
  const ticks = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ticks) ?? NARROWEST_WIDTH;
  const labelled = new Set(labelledDays(days.length, width));
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<Day | undefined>((best, d) => (d.count > (best?.count ?? 0) ? d : best), undefined);
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - 1;
  const summary = busiest
    ? `${total} uploads in the last ${days.length} days, most on ${shortDate(busiest.date)} with ${busiest.count}.`
    : `No uploads in the last ${days.length} days.`;

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        <h2 className={styles.heading}>Uploads per day</h2>
        <span className={styles.summary}>{summary}</span>
      </figcaption>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Bar chart: ${summary}`} preserveAspectRatio="none">
        <line x1={0} y1={plot + 0.5} x2={WIDTH} y2={plot + 0.5} className={styles.axis} />
        {days.map((day, i) => {
          const height = (day.count / max) * (plot - 6);
          return (
            <rect key={day.date} x={i * slot + GAP / 2} y={plot - height} width={slot - GAP} height={height} className={styles.bar}>
              <title>{`${shortDate(day.date)}: ${day.count}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Day labels in HTML: the bars stretch with the width, text must not; as many as the width has room for. */}
      <div ref={ticks} className={styles.ticks} aria-hidden="true">
        {days.map((day, i) =>
          labelled.has(i) ? (
            <span key={day.date} className={styles.tick} style={tickPosition(i, days.length)}>
              {shortDate(day.date)}
            </span>
          ) : null,
        )}
      </div>
      <details className={styles.details}>
        <summary>Show the numbers</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">Uploads per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Uploads</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

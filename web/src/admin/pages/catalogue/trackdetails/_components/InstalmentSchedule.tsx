import { formatDate } from "../../../../../shared/format/dates.ts";
import styles from "./TrackInstalmentPlan.module.css";

/** Parts with their due dates and amounts (the saved plan's, or the editor's preview). */
export function ScheduleTable({
  caption,
  parts,
}: {
  caption: string;
  parts: readonly { number: number; dueOn: string; amount: string }[];
}) {
  return (
    <table className={styles.schedule}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Part</th>
          <th scope="col">Due</th>
          <th scope="col" className={styles.end}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {parts.map((part) => (
          <tr key={part.number}>
            <td>{part.number}</td>
            <td>{part.number === 1 ? "At checkout" : formatDate(part.dueOn)}</td>
            <td className={styles.end}>{part.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

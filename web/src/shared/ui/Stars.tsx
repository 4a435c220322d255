import { StarIcon } from "./StarIcon.tsx";
import styles from "./Stars.module.css";

interface StarsProps {
  /** Average rating out of 5. */
  rating: number;
  /** Number of reviews, shown after the value when given. */
  reviews?: number;
  size?: number;
}

/** A rating as five stars: the average to one decimal, stars filled up to its whole part (docs/product.md, Limits). */
export function Stars({ rating, reviews, size = 16 }: StarsProps) {
  const value = Math.min(Math.max(rating, 0), 5);
  const filled = Math.floor(value);
  const text = value.toFixed(1);
  const label = `Rated ${text} out of 5${reviews === undefined ? "" : `, ${reviews} ${reviews === 1 ? "review" : "reviews"}`}`;
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      <span className={styles.icons} aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} size={size} filled={n <= filled} className={n <= filled ? undefined : styles.empty} />
        ))}
      </span>
      <span aria-hidden="true">
        <span className={styles.value}>{text}</span>
        {reviews !== undefined && ` (${reviews})`}
      </span>
    </span>
  );
}

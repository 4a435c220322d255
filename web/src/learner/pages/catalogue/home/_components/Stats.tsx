import { Container } from "../../../../../shared/ui/Container.tsx";
import { BookIcon, ClockIcon, GraduationIcon } from "../../../../../shared/ui/icons.tsx";
import { CourseCounter } from "./CourseCounter.tsx";
import styles from "./Stats.module.css";

/** docs/product.md, Limits: a counter of courses up to 4 over 1900 ms; 200+ course students and 250+ hours of content. */
export const COURSE_COUNT = 4;
export const COUNT_DURATION_MS = 1900;

/** The home page's figures: the animated course count beside two static stats. */
export function Stats() {
  return (
    <section className={styles.stats} aria-labelledby="stats-title">
      <Container>
        <h2 id="stats-title" className="visually-hidden">
          LearnHub in numbers
        </h2>
        <ul className={styles.list}>
          <li className={styles.item}>
            <span className={styles.icon}>
              <BookIcon size={22} />
            </span>
            <p className={styles.value}>
              <CourseCounter to={COURSE_COUNT} duration={COUNT_DURATION_MS} />
            </p>
            <p className={styles.label}>Courses</p>
          </li>
          <li className={styles.item}>
            <span className={styles.icon}>
              <GraduationIcon size={22} />
            </span>
            <p className={styles.value}>200+</p>
            <p className={styles.label}>Course students</p>
          </li>
          <li className={styles.item}>
            <span className={styles.icon}>
              <ClockIcon size={22} />
            </span>
            <p className={styles.value}>250+</p>
            <p className={styles.label}>Hours of content</p>
          </li>
        </ul>
      </Container>
    </section>
  );
}

import { formatMoney } from "../../../../../shared/format/format.ts";
import { Container } from "../../../../../shared/ui/Container.tsx";
import { AwardIcon, CreditCardIcon, PlayIcon, SearchIcon } from "../../../../../shared/ui/icons.tsx";
import styles from "./HowItWorks.module.css";

const steps = [
  { icon: SearchIcon, title: "Choose a track", text: "Browse the catalogue and preview what each track covers." },
  { icon: CreditCardIcon, title: "Enroll securely", text: "Pay by card in a few clicks, or join a free track at once." },
  { icon: PlayIcon, title: "Learn by doing", text: "Work through the track's courses at your own pace." },
  { icon: AwardIcon, title: "Show your skills", text: "Finish the courses with skills you can put to work." },
];

// A static sample (docs/product.md, Learner pages and Limits): courses priced at $350 each.
const SAMPLE_PRICE = { minor: 35_000, currency: "USD" };
const sampleCourses = [
  { title: "Cloud Computing Essentials", tint: "#2563eb" },
  { title: "Data Analysis with Python", tint: "#d97706" },
  { title: "Modern Web Development", tint: "#7c3aed" },
];

/** The static how-it-works panel: four steps beside a sample of courses at $350 each. */
export function HowItWorks() {
  return (
    <section className={styles.section} aria-labelledby="how-title">
      <Container className={styles.inner}>
        <div>
          <p className={styles.eyebrow}>How it works</p>
          <h2 id="how-title" className={styles.title}>
            From first lesson to job-ready in four steps
          </h2>
          <ol className={styles.steps}>
            {steps.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className={styles.step}>
                <span className={styles.stepIcon}>
                  <Icon size={20} />
                </span>
                <div>
                  <h3 className={styles.stepTitle}>
                    <span className="visually-hidden">Step {i + 1}: </span>
                    {title}
                  </h3>
                  <p className={styles.stepText}>{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div className={styles.panel}>
          <div className={styles.panelHeader}>
            <p className={styles.panelTitle}>Popular courses</p>
            <p className={styles.panelNote}>Sample pricing</p>
          </div>
          <ul className={styles.courses}>
            {sampleCourses.map((course) => (
              <li key={course.title} className={styles.course}>
                <span className={styles.courseMark} style={{ background: course.tint }} aria-hidden="true" />
                <div className={styles.courseText}>
                  <p className={styles.courseTitle}>{course.title}</p>
                  <p className={styles.courseMeta}>Sample course, part of a track</p>
                </div>
                <p className={styles.coursePrice}>{formatMoney(SAMPLE_PRICE)}</p>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

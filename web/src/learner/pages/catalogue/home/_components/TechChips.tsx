import { Container } from "../../../../../shared/ui/Container.tsx";
import styles from "./TechChips.module.css";

// What the tracks teach, by family; the colour dot tells the families apart at a glance.
const technologies: { name: string; family: "cloud" | "code" | "data" | "design" | "ops" }[] = [
  { name: "AWS", family: "cloud" },
  { name: "Microsoft Azure", family: "cloud" },
  { name: "Google Cloud", family: "cloud" },
  { name: "Python", family: "code" },
  { name: "JavaScript", family: "code" },
  { name: "TypeScript", family: "code" },
  { name: "React", family: "code" },
  { name: "Node.js", family: "code" },
  { name: "SQL", family: "data" },
  { name: "Pandas", family: "data" },
  { name: "Power BI", family: "data" },
  { name: "Docker", family: "ops" },
  { name: "Kubernetes", family: "ops" },
  { name: "Terraform", family: "ops" },
  { name: "Linux", family: "ops" },
  { name: "Git", family: "ops" },
  { name: "Figma", family: "design" },
  { name: "Jira", family: "design" },
];

/** The technology chips section of the home page (docs/product.md, Learner pages). */
export function TechChips() {
  return (
    <section className={styles.section} aria-labelledby="tech-title">
      <Container className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.eyebrow}>Technologies</p>
          <h2 id="tech-title" className={styles.title}>
            Learn the tools teams hire for
          </h2>
          <p className={styles.lead}>Every track is built around the platforms and languages used in real jobs today.</p>
        </div>
        <ul className={styles.chips}>
          {technologies.map((tech) => (
            <li key={tech.name} className={styles.chip} data-family={tech.family}>
              {tech.name}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

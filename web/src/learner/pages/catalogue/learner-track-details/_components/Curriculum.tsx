import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { formatMinutes, playerPath } from "../../../../../shared/routing/lessonPages.ts";
import { BookIcon, PlayIcon } from "../../../../../shared/ui/icons.tsx";
import type { Curriculum_track$key } from "./__generated__/Curriculum_track.graphql.ts";
import styles from "./Curriculum.module.css";

/** The track's courses and their lessons (titles and lengths); a free-preview lesson opens in the player for anyone. */
export function Curriculum({ trackKey }: { trackKey: Curriculum_track$key }) {
  const track = useFragment(
    graphql`
      fragment Curriculum_track on Track {
        id
        courses {
          id
          title
          lessonList {
            id
            title
            minutes
            freePreview
          }
        }
      }
    `,
    trackKey,
  );
  if (track.courses.length === 0) return <p className={styles.muted}>No courses listed.</p>;
  return (
    <ol className={styles.courses}>
      {track.courses.map((course, i) => {
        const lessons = course.lessonList;
        const minutes = lessons.reduce((sum, l) => sum + l.minutes, 0);
        return (
          <li key={course.id} className={styles.course}>
            <div className={styles.courseHead}>
              <span className={styles.courseNumber} aria-hidden="true">
                {i + 1}
              </span>
              <BookIcon size={16} className={styles.courseIcon} />
              <span className={styles.courseTitle}>{course.title}</span>
              {lessons.length > 0 && (
                <span className={styles.courseMeta}>
                  {lessons.length === 1 ? "1 lesson" : `${lessons.length} lessons`} · {formatMinutes(minutes)}
                </span>
              )}
            </div>
            {lessons.length > 0 && (
              <ul className={styles.lessons} aria-label={`Lessons of ${course.title}`}>
                {lessons.map((lesson) => (
                  <li key={lesson.id}>
                    {lesson.freePreview ? (
                      <Link to={playerPath(track.id, lesson.id)} className={styles.preview}>
                        <PlayIcon size={14} aria-hidden="true" />
                        {lesson.title}
                        <span className={styles.previewTag}>Preview</span>
                      </Link>
                    ) : (
                      <span>{lesson.title}</span>
                    )}
                    <span className={styles.minutes}>{formatMinutes(lesson.minutes)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

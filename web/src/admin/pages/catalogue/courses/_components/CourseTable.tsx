import { graphql, useFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { IconButton } from "../../../../../shared/ui/IconButton.tsx";
import { ImageIcon, PencilIcon, TrashIcon } from "../../../../../shared/ui/icons.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import styles from "../../../../components/ListLayout.module.css";
import { READ_ONLY, ReadOnlyNote } from "../../../../components/ReadOnlyNote.tsx";
import { ArchivedBadge } from "../../trackdetails/_components/TrackArchive.tsx";
import type { CourseTable_courses$data, CourseTable_courses$key } from "./__generated__/CourseTable_courses.graphql.ts";
import { RestoreCourseButton } from "./CourseArchive.tsx";

export const NO_COURSES = "No courses found.";

type Course = CourseTable_courses$data[number];

interface CourseTableProps {
  coursesKey: CourseTable_courses$key;
  /** The row's course id. */
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  /** Whether this account may edit the courses of a track (an instructor: only assigned tracks). */
  mayEdit?: (trackId: string) => boolean;
  /** Shown instead of the actions where `mayEdit` says no. */
  readOnlyReason?: string;
}

/** COURSE (image and title), TRACK, DATE CREATED, ACTION. */
export function CourseTable({ coursesKey, onEdit, onDelete, mayEdit = () => true, readOnlyReason = READ_ONLY.courses }: CourseTableProps) {
  const courses = useFragment(
    graphql`
      fragment CourseTable_courses on Course @relay(plural: true) {
        id
        title
        image
        archivedAt
        createdAt
        track {
          id
          name
        }
      }
    `,
    coursesKey,
  );
  const columns: Column<Course>[] = [
    {
      key: "course",
      header: "Course",
      cell: (course) => (
        <span className={styles.person}>
          {course.image ? (
            <img className={styles.thumb} src={course.image} alt="" width={64} height={36} loading="lazy" />
          ) : (
            <span className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden="true">
              <ImageIcon size={16} />
            </span>
          )}
          <span className={styles.personName}>{course.title}</span>
          {course.archivedAt && <ArchivedBadge />}
        </span>
      ),
    },
    { key: "track", header: "Track", cell: (course) => <span className={styles.nowrap}>{course.track.name}</span> },
    { key: "created", header: "Date created", cell: (course) => <span className={styles.nowrap}>{formatInstant(course.createdAt)}</span> },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (course) =>
        !mayEdit(course.track.id) ? (
          <ReadOnlyNote reason={readOnlyReason} short />
        ) : (
          <span className={styles.rowActions}>
            <IconButton label={`Edit ${course.title}`} tone="primary" onClick={() => onEdit(course.id)}>
              <PencilIcon size={17} />
            </IconButton>
            {course.archivedAt ? (
              <RestoreCourseButton course={course} />
            ) : (
              <IconButton label={`Delete ${course.title}`} tone="danger" onClick={() => onDelete(course.id)}>
                <TrashIcon size={17} />
              </IconButton>
            )}
          </span>
        ),
    },
  ];
  return <Table caption="Courses" columns={columns} rows={courses} rowKey={(course) => course.id} emptyMessage={NO_COURSES} />;
}

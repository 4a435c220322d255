import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { Button } from "../../../../shared/ui/Button.tsx";
import { cx } from "../../../../shared/ui/cx.ts";
import { PlusIcon } from "../../../../shared/ui/icons.tsx";
import { Pagination } from "../../../../shared/ui/Pagination.tsx";
import { SearchField } from "../../../../shared/ui/SearchField.tsx";
import styles from "../../../components/ListLayout.module.css";
import { READ_ONLY, ReadOnlyNote } from "../../../components/ReadOnlyNote.tsx";
import { pageCount, rangeText, usePagedSearch } from "../../../components/usePagedSearch.ts";
import { can, mayEditCoursesOf, useViewer } from "../../../staff/AdminViewer.ts";
import type { CourseFormDialog_query$key } from "./__generated__/CourseFormDialog_query.graphql.ts";
import type { CourseList_query$key } from "./__generated__/CourseList_query.graphql.ts";
import type { CourseListRefetchQuery } from "./__generated__/CourseListRefetchQuery.graphql.ts";
import { CourseFormDialog } from "./CourseFormDialog.tsx";
import { CourseTable } from "./CourseTable.tsx";
import { DeleteCourseDialog } from "./DeleteCourseDialog.tsx";

export const COURSE_COLUMNS = ["Course", "Track", "Date created", "Action"];

interface CourseListProps {
  queryKey: CourseList_query$key;
  /** The tracks a course can belong to, for the add and update dialogs. */
  tracksKey: CourseFormDialog_query$key;
}

/** Manage Courses: search by title, Add Course, the table (10 a page) and the add/update/delete dialogs. */
export function CourseList({ queryKey, tracksKey }: CourseListProps) {
  const [data, refetch] = useRefetchableFragment<CourseListRefetchQuery, CourseList_query$key>(
    graphql`
      fragment CourseList_query on Query
      @refetchable(queryName: "CourseListRefetchQuery")
      @argumentDefinitions(
        search: { type: "String", defaultValue: "" }
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
        after: { type: "String" }
      ) {
        courses(search: $search, page: $page, first: $first, after: $after) @connection(key: "CourseList_courses", filters: ["search", "page"]) {
          __id
          totalCount
          edges {
            # The dialogs' fragments sit beside the row's, not inside it: the API limits query depth and counts
            # every nested fragment.
            node {
              id
              ...CourseTable_courses
              ...CourseFormDialog_course
              ...DeleteCourseDialog_course
            }
          }
        }
      }
    `,
    queryKey,
  );
  const list = usePagedSearch(refetch);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { __id: connectionId, totalCount, edges } = data.courses;
  const rows = edges.map((edge) => edge.node);
  const editing = rows.find((row) => row.id === editingId) ?? null;
  const deleting = rows.find((row) => row.id === deletingId) ?? null;
  const addTo = list.shown.page === 1 && list.shown.search === "" ? [connectionId] : [];

  const viewer = useViewer();
  // An instructor adds courses only to assigned tracks: without any, there is nothing to add to.
  const readOnlyReason = viewer?.staffRole === "INSTRUCTOR" ? READ_ONLY.instructorCourses : READ_ONLY.courses;
  const mayAdd = can(viewer, "editCourses") && (viewer?.staffRole !== "INSTRUCTOR" || viewer.assignedTrackIds.length > 0);
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField
          label="Search courses by title"
          placeholder="Search by title..."
          value={list.search}
          onValueChange={list.setSearch}
          pending={list.isPending}
        />
        {mayAdd ? (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon size={18} />
            Add Course
          </Button>
        ) : (
          <ReadOnlyNote reason={readOnlyReason} />
        )}
      </div>
      <div className={cx(styles.table, list.isPending && styles.pending)}>
        <CourseTable
          coursesKey={rows}
          onEdit={setEditingId}
          onDelete={setDeletingId}
          mayEdit={(trackId) => mayEditCoursesOf(viewer, trackId)}
          readOnlyReason={readOnlyReason}
        />
      </div>
      <div className={styles.footer}>
        <p className={styles.range} aria-live="polite">
          {rangeText(list.shown.page, rows.length, totalCount, totalCount === 1 ? "course" : "courses")}
        </p>
        <Pagination page={list.shown.page} pageCount={pageCount(totalCount)} onPageChange={list.goToPage} label="Course pages" />
      </div>
      <CourseFormDialog open={adding} onOpenChange={setAdding} tracksKey={tracksKey} connectionIds={addTo} onSaved={() => list.reload(1)} />
      <CourseFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditingId(null)}
        tracksKey={tracksKey}
        courseKey={editing}
      />
      <DeleteCourseDialog
        courseKey={deleting}
        onOpenChange={(open) => !open && setDeletingId(null)}
        connectionIds={[connectionId]}
        onDeleted={() => list.reload(rows.length === 1 && list.shown.page > 1 ? list.shown.page - 1 : list.shown.page)}
      />
    </>
  );
}

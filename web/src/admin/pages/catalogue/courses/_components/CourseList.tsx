import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { type ListSpec, PagedList, useRowDialogs } from "../../../../components/PagedList.tsx";
import { READ_ONLY } from "../../../../components/ReadOnlyNote.tsx";
import { usePagedSearch } from "../../../../components/usePagedSearch.ts";
import { can, mayEditCoursesOf, useViewer } from "../../../../staff/AdminViewer.ts";
import type { CourseFormDialog_query$key } from "./__generated__/CourseFormDialog_query.graphql.ts";
import type { CourseList_query$key } from "./__generated__/CourseList_query.graphql.ts";
import type { CourseListRefetchQuery } from "./__generated__/CourseListRefetchQuery.graphql.ts";
import { CourseFormDialog } from "./CourseFormDialog.tsx";
import { CourseTable } from "./CourseTable.tsx";
import { DeleteCourseDialog } from "./DeleteCourseDialog.tsx";

export const COURSE_LIST: ListSpec = {
  caption: "Courses",
  search: { label: "Search courses by title", placeholder: "Search by title..." },
  headers: ["Course", "Track", "Date created", "Action"],
  noun: ["course", "courses"],
  pagesLabel: "Course pages",
  addLabel: "Add Course",
};

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
  const list = usePagedSearch(refetch, data.courses);
  const connectionId = data.courses.__id;
  const dialogs = useRowDialogs(list, connectionId);

  const viewer = useViewer();
  // An instructor adds courses only to assigned tracks: without any, there is nothing to add to.
  const readOnlyReason = viewer?.staffRole === "INSTRUCTOR" ? READ_ONLY.instructorCourses : READ_ONLY.courses;
  const mayAdd = can(viewer, "editCourses") && (viewer?.staffRole !== "INSTRUCTOR" || viewer.assignedTrackIds.length > 0);
  return (
    <>
      <PagedList spec={COURSE_LIST} list={list} add={{ onAdd: () => dialogs.setAdding(true), allowed: mayAdd, readOnlyReason }}>
        <CourseTable
          coursesKey={list.rows}
          onEdit={dialogs.edit}
          onDelete={dialogs.remove}
          mayEdit={(trackId) => mayEditCoursesOf(viewer, trackId)}
          readOnlyReason={readOnlyReason}
        />
      </PagedList>
      <CourseFormDialog
        open={dialogs.adding}
        onOpenChange={dialogs.setAdding}
        tracksKey={tracksKey}
        connectionIds={dialogs.addTo}
        onSaved={() => list.reload(1)}
      />
      <CourseFormDialog
        open={dialogs.editing !== null}
        onOpenChange={dialogs.closeEdit}
        tracksKey={tracksKey}
        courseKey={dialogs.editing}
      />
      <DeleteCourseDialog
        courseKey={dialogs.deleting}
        onOpenChange={dialogs.closeDelete}
        connectionIds={[connectionId]}
        onDeleted={dialogs.afterDelete}
      />
    </>
  );
}

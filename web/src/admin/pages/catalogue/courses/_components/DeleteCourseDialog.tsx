import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { DeleteDialog } from "../../../../components/DeleteDialog.tsx";
import { failureOf } from "../../../../components/failures.ts";
import type { DeleteCourseDialog_course$key } from "./__generated__/DeleteCourseDialog_course.graphql.ts";
import type { DeleteCourseDialogMutation } from "./__generated__/DeleteCourseDialogMutation.graphql.ts";

export const DELETE_COURSE_FAILED = "Failed to delete course.";

const mutation = graphql`
  mutation DeleteCourseDialogMutation($id: ID!, $connections: [ID!]!) {
    deleteCourse(id: $id) {
      __typename
      ... on DeletePayload {
        deletedId @deleteEdge(connections: $connections)
        archived
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface DeleteCourseDialogProps {
  /** The course to delete; the dialog is open while there is one. */
  courseKey: DeleteCourseDialog_course$key | null;
  onOpenChange: (open: boolean) => void;
  connectionIds: string[];
  onDeleted: () => void;
}

export function DeleteCourseDialog({ courseKey, onOpenChange, connectionIds, onDeleted }: DeleteCourseDialogProps) {
  const course = useFragment(
    graphql`
      fragment DeleteCourseDialog_course on Course {
        id
        title
        track {
          name
        }
      }
    `,
    courseKey,
  );
  const [deleteCourse] = useAsyncMutation<DeleteCourseDialogMutation>(mutation);
  return (
    <DeleteDialog
      open={course !== null}
      onOpenChange={onOpenChange}
      title="Delete course"
      confirmLabel="Delete course"
      onDelete={async () => {
        if (!course) return;
        const result = await deleteCourse({ variables: { id: course.id, connections: connectionIds } }).catch(() => {
          throw new Error(DELETE_COURSE_FAILED);
        });
        if (failureOf(result.deleteCourse, DELETE_COURSE_FAILED)) throw new Error(DELETE_COURSE_FAILED);
        // A course whose track has learners is archived instead (the list's reload shows it with its badge).
        const archived = result.deleteCourse.__typename === "DeletePayload" && result.deleteCourse.archived;
        return archived
          ? `Course "${course.title}" archived: its track has learners, so it was kept.`
          : `Course "${course.title}" deleted.`;
      }}
      onDeleted={onDeleted}
      details={course && { Course: course.title, Track: course.track.name }}
    />
  );
}

import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import type { CourseArchiveRestoreMutation } from "./__generated__/CourseArchiveRestoreMutation.graphql.ts";

export const RESTORE_COURSE_FAILED = "Failed to restore course.";

const restoreMutation = graphql`
  mutation CourseArchiveRestoreMutation($id: ID!) {
    restoreCourse(id: $id) {
      __typename
      ... on CoursePayload {
        course {
          id
          archivedAt
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** Brings an archived course (deleted while its track had learners) back to its track's course list. */
export function RestoreCourseButton({ course }: { course: { id: string; title: string } }) {
  const [restore, restoring] = useAsyncMutation<CourseArchiveRestoreMutation>(restoreMutation);
  const run = async () => {
    try {
      const failure = failureOf((await restore({ variables: { id: course.id } })).restoreCourse, RESTORE_COURSE_FAILED);
      if (failure) toast.error(failure.message);
      else toast.success(`Course "${course.title}" restored.`);
    } catch (thrown) {
      toast.error(thrownMessage(thrown, { fallback: RESTORE_COURSE_FAILED }));
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={restoring} onClick={run} aria-label={`Restore ${course.title}`}>
      Restore
    </Button>
  );
}

import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Select, TextArea, TextField } from "../../../../../shared/ui/Field.tsx";
import { EntityFormDialog, useEntityForm } from "../../../../components/EntityFormDialog.tsx";
import { ImageField } from "../../../../components/ImageField.tsx";
import type { FieldErrors } from "../../../../components/useFormFields.ts";
import { mayEditCoursesOf, useViewer } from "../../../../staff/AdminViewer.ts";
import type { CourseFormDialog_course$data, CourseFormDialog_course$key } from "./__generated__/CourseFormDialog_course.graphql.ts";
import type { CourseFormDialog_query$key } from "./__generated__/CourseFormDialog_query.graphql.ts";
import type { CourseFormDialogCreateMutation } from "./__generated__/CourseFormDialogCreateMutation.graphql.ts";
import type { CourseFormDialogUpdateMutation } from "./__generated__/CourseFormDialogUpdateMutation.graphql.ts";

export const COURSE_FORM_MESSAGES = {
  title: "Title is required",
  track: "Track is required",
  description: "Description is required",
  createFailed: "Failed to create course.",
  updateFailed: "Failed to update course.",
  created: "Course added.",
  updated: "Course updated.",
} as const;

const tracksFragment = graphql`
  fragment CourseFormDialog_query on Query @argumentDefinitions(first: { type: "Int", defaultValue: 100 }) {
    tracks(first: $first) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

const courseFragment = graphql`
  fragment CourseFormDialog_course on Course {
    id
    title
    description
    image
    track {
      id
    }
  }
`;

const createMutation = graphql`
  mutation CourseFormDialogCreateMutation($input: CourseInput!, $connections: [ID!]!) {
    createCourse(input: $input) {
      __typename
      ... on CoursePayload {
        course @prependNode(connections: $connections, edgeTypeName: "CourseEdge") {
          id
          ...CourseTable_courses
          ...CourseFormDialog_course
          ...DeleteCourseDialog_course
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const updateMutation = graphql`
  mutation CourseFormDialogUpdateMutation($id: ID!, $input: CourseInput!) {
    updateCourse(id: $id, input: $input) {
      __typename
      ... on CoursePayload {
        course {
          id
          ...CourseTable_courses
          ...CourseFormDialog_course
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export type CourseFields = { title: string; trackId: string; description: string };
const FIELDS = ["title", "trackId", "description"] as const;

/** Title, track and description are required; the image is optional (docs/product.md, Validation). */
export function validateCourse(values: CourseFields): FieldErrors<CourseFields> {
  const errors: FieldErrors<CourseFields> = {};
  if (!values.title.trim()) errors.title = COURSE_FORM_MESSAGES.title;
  if (!values.trackId) errors.trackId = COURSE_FORM_MESSAGES.track;
  if (!values.description.trim()) errors.description = COURSE_FORM_MESSAGES.description;
  return errors;
}

interface CourseFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tracksKey: CourseFormDialog_query$key;
  /** The course to update; without it the dialog adds one. */
  courseKey?: CourseFormDialog_course$key | null;
  connectionIds?: string[];
  onSaved?: () => void;
}

/** Add Course and Update Course. */
export function CourseFormDialog({ open, onOpenChange, tracksKey, courseKey = null, connectionIds = [], onSaved }: CourseFormDialogProps) {
  const { tracks } = useFragment(tracksFragment, tracksKey);
  const course = useFragment(courseFragment, courseKey) ?? null;
  // An instructor may add or move courses only in the tracks assigned to them.
  const viewer = useViewer();
  const trackOptions = tracks.edges.map(({ node }) => node).filter((track) => !viewer || mayEditCoursesOf(viewer, track.id));
  // Mounted only while open, so every opening starts from the course's current values.
  return open ? (
    <CourseForm course={course} trackOptions={trackOptions} onOpenChange={onOpenChange} connectionIds={connectionIds} onSaved={onSaved} />
  ) : null;
}

interface CourseFormProps {
  course: CourseFormDialog_course$data | null;
  trackOptions: readonly { id: string; name: string }[];
  onOpenChange: (open: boolean) => void;
  connectionIds: string[];
  onSaved?: () => void;
}

function CourseForm({ course, trackOptions, onOpenChange, connectionIds, onSaved }: CourseFormProps) {
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [createCourse, isCreating] = useAsyncMutation<CourseFormDialogCreateMutation>(createMutation);
  const [updateCourse, isUpdating] = useAsyncMutation<CourseFormDialogUpdateMutation>(updateMutation);
  const pending = isCreating || isUpdating;
  const entityForm = useEntityForm<CourseFields>({
    initial: { title: course?.title ?? "", trackId: course?.track.id ?? "", description: course?.description ?? "" },
    fieldNames: FIELDS,
    updating: course !== null,
    messages: COURSE_FORM_MESSAGES,
    pending,
    check: (values) => ({ message: null, fields: validateCourse(values) }),
    blocked: imageError !== null,
    save: async (values) => {
      const input = {
        title: values.title.trim(),
        trackId: values.trackId,
        description: values.description.trim(),
        ...(image ? { image } : {}),
      };
      return course
        ? (await updateCourse({ variables: { id: course.id, input } })).updateCourse
        : (await createCourse({ variables: { input, connections: connectionIds } })).createCourse;
    },
    onFailure: (failure) => failure.fieldErrors.image && setImageError(failure.fieldErrors.image),
    onSaved: () => {
      onOpenChange(false);
      onSaved?.();
    },
  });
  const { form } = entityForm;

  return (
    <EntityFormDialog
      entityForm={entityForm}
      onOpenChange={onOpenChange}
      title={course ? "Update Course" : "Add Course"}
      description={course ? `Change the details of ${course.title}.` : "Add a course to one of the tracks."}
      submitLabel={course ? "Save changes" : "Add Course"}
      pending={pending}
      size="wide"
    >
      <TextField label="Title" required placeholder="e.g. AWS Essentials" {...form.field("title")} />
      <Select label="Track" required {...form.field("trackId")}>
        <option value="">Select a track</option>
        {trackOptions.map((track) => (
          <option key={track.id} value={track.id}>
            {track.name}
          </option>
        ))}
      </Select>
      <TextArea label="Description" required rows={4} placeholder="What this course covers" {...form.field("description")} />
      <ImageField
        label="Image"
        currentUrl={course?.image}
        file={image}
        onFileChange={setImage}
        error={imageError}
        onError={setImageError}
      />
    </EntityFormDialog>
  );
}

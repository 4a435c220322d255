import { type FormEvent, useEffect, useState } from "react";
import { graphql } from "react-relay/hooks";
import { LESSON_LIMITS, LESSON_MESSAGES } from "../../../../../../../../common/learning.ts";
import { parseVideoLink } from "../../../../../../../../common/video.ts";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import { Select, TextArea, TextField } from "../../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../../shared/ui/FormDialog.tsx";
import { Markdown } from "../../../../../../shared/ui/Markdown.tsx";
import { toast } from "../../../../../../shared/ui/Toast.tsx";
import { VideoFrame } from "../../../../../../shared/ui/VideoFrame.tsx";
import { failureOf } from "../../../../../components/failures.ts";
import type { LessonFormDialogCreateMutation } from "./__generated__/LessonFormDialogCreateMutation.graphql.ts";
import type { LessonFormDialogUpdateMutation } from "./__generated__/LessonFormDialogUpdateMutation.graphql.ts";
import { InsertLessonImage } from "./InsertLessonImage.tsx";
import styles from "./LessonFormDialog.module.css";
import { LessonMediaUpload } from "./LessonMediaUpload.tsx";

export const LESSON_FORM_MESSAGES = {
  title: LESSON_MESSAGES.title,
  video: LESSON_MESSAGES.video,
  saveFailed: "Failed to save the lesson.",
  created: "Lesson added.",
  updated: "Lesson saved.",
} as const;

const createMutation = graphql`
  mutation LessonFormDialogCreateMutation($courseId: ID!, $input: LessonInput!) {
    createLesson(courseId: $courseId, input: $input) {
      __typename
      ... on LessonPayload {
        lesson {
          id
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const updateMutation = graphql`
  mutation LessonFormDialogUpdateMutation($id: ID!, $input: LessonInput!) {
    updateLesson(id: $id, input: $input) {
      __typename
      ... on LessonPayload {
        lesson {
          id
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export interface LessonValues {
  id?: string;
  title: string;
  kind: "TEXT" | "VIDEO" | "FILE" | "QUIZ";
  minutes: number;
  freePreview: boolean;
  body: string;
  videoUrl: string;
}

export const NEW_LESSON: LessonValues = { title: "", kind: "TEXT", minutes: 10, freePreview: false, body: "", videoUrl: "" };

interface LessonFormDialogProps {
  courseId: string;
  /** The lesson to edit (with an id) or a new one's starting values; the dialog is open while there is one. */
  lesson: LessonValues | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits a lesson: a text lesson's Markdown beside its live (sanitized) preview, or a video's link and its embed. */
export function LessonFormDialog({ courseId, lesson, onClose, onSaved }: LessonFormDialogProps) {
  const [values, setValues] = useState<LessonValues>(lesson ?? NEW_LESSON);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useAsyncMutation<LessonFormDialogCreateMutation>(createMutation);
  const [update, updating] = useAsyncMutation<LessonFormDialogUpdateMutation>(updateMutation);
  useEffect(() => {
    setValues(lesson ?? NEW_LESSON);
    setErrors({});
  }, [lesson]);
  const set = <K extends keyof LessonValues>(key: K, value: LessonValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const embed = values.kind === "VIDEO" ? parseVideoLink(values.videoUrl) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!values.title.trim()) local.title = LESSON_FORM_MESSAGES.title;
    // No link: the video is uploaded (LessonMediaUpload).
    if (values.kind === "VIDEO" && values.videoUrl.trim() && !embed) local.videoUrl = LESSON_FORM_MESSAGES.video;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const input = {
      title: values.title,
      kind: values.kind,
      minutes: values.minutes,
      freePreview: values.freePreview,
      body: values.kind === "TEXT" ? values.body : "",
      videoUrl: values.kind === "VIDEO" ? values.videoUrl : null,
    };
    try {
      const result = values.id
        ? (await update({ variables: { id: values.id, input } })).updateLesson
        : (await create({ variables: { courseId, input } })).createLesson;
      const failure = failureOf(result, LESSON_FORM_MESSAGES.saveFailed);
      if (failure) {
        setErrors(failure.fieldErrors);
        toast.error(failure.message);
        return;
      }
      toast.success(values.id ? LESSON_FORM_MESSAGES.updated : LESSON_FORM_MESSAGES.created);
      onSaved();
      onClose();
    } catch {
      toast.error(LESSON_FORM_MESSAGES.saveFailed);
    }
  }

  return (
    <FormDialog
      title={values.id ? "Edit lesson" : "Add lesson"}
      open={lesson !== null}
      onOpenChange={(open) => !open && onClose()}
      onSubmit={submit}
      submitLabel={values.id ? "Save lesson" : "Add lesson"}
      pending={creating || updating}
      size="wide"
    >
      <TextField
        id="lesson-title"
        label="Title"
        required
        value={values.title}
        error={errors.title}
        onChange={(e) => set("title", e.target.value)}
      />
      <div className={styles.row}>
        <Select
          id="lesson-kind"
          label="Kind"
          value={values.kind}
          error={errors.kind}
          onChange={(e) => set("kind", e.target.value as LessonValues["kind"])}
        >
          <option value="TEXT">Text</option>
          <option value="VIDEO">Video (upload, or a YouTube or Vimeo link)</option>
          <option value="FILE">Files (PDF, ZIP, slides)</option>
          <option value="QUIZ">Quiz</option>
        </Select>
        <TextField
          id="lesson-minutes"
          label="Minutes"
          type="number"
          min={LESSON_LIMITS.minutes.min}
          max={LESSON_LIMITS.minutes.max}
          value={values.minutes}
          error={errors.minutes}
          onChange={(e) => set("minutes", Number(e.target.value))}
        />
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={values.freePreview} onChange={(e) => set("freePreview", e.target.checked)} />
        Free preview (anyone may open it from the track's page)
      </label>
      {values.kind === "TEXT" && (
        <InsertLessonImage courseId={courseId} textareaId="lesson-body" value={values.body} onChange={(b) => set("body", b)} />
      )}
      {values.kind === "TEXT" ? (
        <div className={styles.editor}>
          <TextArea
            id="lesson-body"
            label="Text (Markdown)"
            hint="GitHub-flavoured Markdown: headings, lists, code blocks, tables, links. HTML is shown as text."
            rows={16}
            value={values.body}
            error={errors.body}
            onChange={(e) => set("body", e.target.value)}
            className={styles.source}
          />
          <section className={styles.preview} aria-label="Preview">
            <p className={styles.previewLabel}>Preview</p>
            <Markdown text={values.body || "*Nothing written yet.*"} />
          </section>
        </div>
      ) : values.kind === "QUIZ" ? (
        <p className={styles.check}>Save the lesson, then write its questions with Questions on the lesson's row.</p>
      ) : values.kind === "FILE" ? null : (
        <>
          <TextField
            id="lesson-video"
            label="Video link"
            hint="A YouTube or Vimeo address, watched through the provider's privacy-friendly player; or leave it empty and upload a video after saving."
            value={values.videoUrl}
            error={errors.videoUrl}
            onChange={(e) => set("videoUrl", e.target.value)}
          />
          {embed && (
            <VideoFrame
              className={styles.video}
              src={embed.embedUrl}
              title="Video preview"
              allow="encrypted-media; picture-in-picture; fullscreen"
            />
          )}
        </>
      )}
      <LessonMediaUpload lessonId={values.id} kind={values.kind} />
    </FormDialog>
  );
}

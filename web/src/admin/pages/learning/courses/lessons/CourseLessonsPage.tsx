import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useMemo, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay/hooks";
import { useRevalidator } from "react-router-dom";
import { parseVideoLink } from "../../../../../../../common/video.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { formatMinutes } from "../../../../../shared/routing/lessonPages.ts";
import type { QueryPageProps } from "../../../../../shared/routing/pageRoute.tsx";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { Dialog } from "../../../../../shared/ui/Dialog.tsx";
import { IconButton } from "../../../../../shared/ui/IconButton.tsx";
import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowUpIcon,
  EyeIcon,
  MenuIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
} from "../../../../../shared/ui/icons.tsx";
import { Markdown } from "../../../../../shared/ui/Markdown.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { VideoFrame } from "../../../../../shared/ui/VideoFrame.tsx";
import { failureOf } from "../../../../components/failures.ts";
import type { CourseLessonsPageDeleteMutation } from "./__generated__/CourseLessonsPageDeleteMutation.graphql.ts";
import type { CourseLessonsPageQuery, CourseLessonsPageQuery$data } from "./__generated__/CourseLessonsPageQuery.graphql.ts";
import type { CourseLessonsPageReorderMutation } from "./__generated__/CourseLessonsPageReorderMutation.graphql.ts";
import { LessonFormDialog, type LessonValues, NEW_LESSON } from "./_components/LessonFormDialog.tsx";
import { QuizEditorDialog } from "./_components/QuizEditorDialog.tsx";
import styles from "./CourseLessonsPage.module.css";

export const LESSONS_MESSAGES = {
  notFound: "Course not found.",
  empty: "No lessons yet. Add the first one.",
  reorderFailed: "Could not save the new order. Please try again.",
  deleteFailed: "Failed to delete the lesson.",
} as const;

const query = graphql`
  query CourseLessonsPageQuery($id: ID!) {
    course: node(id: $id) {
      ... on Course {
        id
        title
        track {
          id
          name
        }
        lessonList {
          id
          title
          kind
          minutes
          freePreview
          body
          videoUrl
          archivedAt
        }
      }
    }
  }
`;

const reorderMutation = graphql`
  mutation CourseLessonsPageReorderMutation($courseId: ID!, $ids: [ID!]!) {
    reorderLessons(courseId: $courseId, ids: $ids) {
      __typename
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const deleteMutation = graphql`
  mutation CourseLessonsPageDeleteMutation($id: ID!) {
    deleteLesson(id: $id) {
      __typename
      ... on DeletePayload {
        archived
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

type Lesson = NonNullable<NonNullable<CourseLessonsPageQuery$data["course"]>["lessonList"]>[number];

/**
 * /courses/{courseId}/lessons: a course's lessons in order. Add, edit (Markdown with a live preview, or a video link),
 * delete (archived instead when learners have progress in it), reorder by dragging or from the keyboard (the drag
 * handle answers Space and the arrow keys; Move up and Move down do the same), and preview a lesson as learners see it.
 */
export default function CourseLessonsPage({ queryRef }: QueryPageProps<CourseLessonsPageQuery>) {
  const { course } = usePreloadedQuery<CourseLessonsPageQuery>(query, queryRef);
  const revalidator = useRevalidator();
  const lessons = useMemo(() => course?.lessonList?.filter((l) => !l.archivedAt) ?? [], [course]);
  const [order, setOrder] = useState<string[]>(() => lessons.map((l) => l.id));
  useEffect(() => setOrder(lessons.map((l) => l.id)), [lessons]);
  const [editing, setEditing] = useState<LessonValues | null>(null);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const [previewing, setPreviewing] = useState<Lesson | null>(null);
  const [quizOf, setQuizOf] = useState<string | null>(null);
  const [reorder] = useAsyncMutation<CourseLessonsPageReorderMutation>(reorderMutation);
  const [remove] = useAsyncMutation<CourseLessonsPageDeleteMutation>(deleteMutation);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  if (!course?.id || !course.track) {
    return (
      <Card className={styles.state}>
        <title>Course not found · LearnHub</title>
        <h1>{LESSONS_MESSAGES.notFound}</h1>
        <ButtonLink to="/courses" variant="secondary">
          Back to courses
        </ButtonLink>
      </Card>
    );
  }
  const courseId = course.id;
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const ordered = order.map((id) => byId.get(id)).filter((l): l is Lesson => l !== undefined);
  const reload = () => revalidator.revalidate();

  async function saveOrder(next: string[]) {
    const previous = order;
    setOrder(next);
    try {
      const result = await reorder({ variables: { courseId, ids: next } });
      if (result.reorderLessons.__typename !== "ReorderLessonsPayload") throw new Error("refused");
      reload();
    } catch {
      setOrder(previous);
      toast.error(LESSONS_MESSAGES.reorderFailed);
    }
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    saveOrder(arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))));
  }

  const move = (id: string, by: -1 | 1) => {
    const from = order.indexOf(id);
    const to = from + by;
    if (to < 0 || to >= order.length) return;
    saveOrder(arrayMove(order, from, to));
  };

  return (
    <div className={styles.page}>
      <title>{`Lessons of ${course.title} · LearnHub`}</title>
      <ButtonLink to={trackPages.adminDetails(course.track.id)} variant="ghost" className={styles.back}>
        <ArrowLeftIcon size={18} />
        {course.track.name}
      </ButtonLink>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{course.title}</h1>
          <p className={styles.muted}>
            {ordered.length === 1 ? "1 lesson" : `${ordered.length} lessons`} ·{" "}
            {formatMinutes(ordered.reduce((sum, l) => sum + l.minutes, 0))}
          </p>
        </div>
        <Button onClick={() => setEditing({ ...NEW_LESSON })}>
          <PlusIcon size={16} aria-hidden="true" />
          Add lesson
        </Button>
      </div>
      <Card padded={false}>
        {ordered.length === 0 ? (
          <p className={styles.empty}>{LESSONS_MESSAGES.empty}</p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={order} strategy={verticalListSortingStrategy}>
              <ol className={styles.list} aria-label="Lessons">
                {ordered.map((lesson, i) => (
                  <LessonRow
                    key={lesson.id}
                    lesson={lesson}
                    index={i}
                    count={ordered.length}
                    onMove={(by) => move(lesson.id, by)}
                    onEdit={() =>
                      setEditing({
                        id: lesson.id,
                        title: lesson.title,
                        kind: lesson.kind === "VIDEO" || lesson.kind === "QUIZ" || lesson.kind === "FILE" ? lesson.kind : "TEXT",
                        minutes: lesson.minutes,
                        freePreview: lesson.freePreview,
                        body: lesson.body ?? "",
                        videoUrl: lesson.videoUrl ?? "",
                      })
                    }
                    onDelete={() => setDeleting(lesson)}
                    onPreview={() => setPreviewing(lesson)}
                    onQuiz={lesson.kind === "QUIZ" ? () => setQuizOf(lesson.id) : undefined}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </Card>
      <LessonFormDialog courseId={courseId} lesson={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <QuizEditorDialog lessonId={quizOf} onClose={() => setQuizOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete lesson"
        description="A lesson learners have progress in is archived instead, so their history stays."
        confirmLabel="Delete lesson"
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove({ variables: { id: deleting.id } }).catch(() => {
            throw new Error(LESSONS_MESSAGES.deleteFailed);
          });
          if (failureOf(result.deleteLesson, LESSONS_MESSAGES.deleteFailed)) throw new Error(LESSONS_MESSAGES.deleteFailed);
          const archived = result.deleteLesson.__typename === "DeletePayload" && result.deleteLesson.archived;
          toast.success(
            archived ? `Lesson "${deleting.title}" archived: learners have progress in it.` : `Lesson "${deleting.title}" deleted.`,
          );
          reload();
        }}
      >
        {deleting && <p>{deleting.title}</p>}
      </ConfirmDialog>
      <Dialog
        open={previewing !== null}
        onOpenChange={(open) => !open && setPreviewing(null)}
        title={previewing ? `Preview as learner: ${previewing.title}` : "Preview as learner"}
        size="wide"
      >
        {previewing &&
          (previewing.kind === "VIDEO" && parseVideoLink(previewing.videoUrl) ? (
            <VideoFrame
              src={parseVideoLink(previewing.videoUrl)?.embedUrl}
              title={previewing.title}
              allow="encrypted-media; picture-in-picture; fullscreen"
            />
          ) : (
            <Markdown text={previewing.body ?? ""} />
          ))}
      </Dialog>
    </div>
  );
}

interface LessonRowProps {
  lesson: Lesson;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  onPreview: () => void;
  /** QUIZ lessons: opens the quiz's questions. */
  onQuiz?: () => void;
}

function LessonRow({ lesson, index, count, onMove, onEdit, onDelete, onPreview, onQuiz }: LessonRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: lesson.id });
  return (
    <li
      ref={setNodeRef}
      className={styles.row}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={`Reorder ${lesson.title}`}
        {...attributes}
        {...listeners}
      >
        <MenuIcon size={16} />
      </button>
      <span className={styles.number} aria-hidden="true">
        {index + 1}
      </span>
      <div className={styles.info}>
        <span className={styles.lessonTitle}>{lesson.title}</span>
        <span className={styles.muted}>
          {lesson.kind === "VIDEO" ? "Video" : lesson.kind === "QUIZ" ? "Quiz" : lesson.kind === "FILE" ? "Files" : "Text"} ·{" "}
          {formatMinutes(lesson.minutes)}
          {lesson.freePreview && <span className={styles.badge}>Free preview</span>}
        </span>
      </div>
      <div className={styles.actions}>
        <IconButton label={`Move ${lesson.title} up`} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUpIcon />
        </IconButton>
        <IconButton label={`Move ${lesson.title} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
          <ArrowDownIcon />
        </IconButton>
        <IconButton label={`Preview ${lesson.title} as learner`} onClick={onPreview}>
          <EyeIcon />
        </IconButton>
        {onQuiz && (
          <Button variant="secondary" size="sm" onClick={onQuiz} aria-label={`Edit questions of ${lesson.title}`}>
            Questions
          </Button>
        )}
        <IconButton label={`Edit ${lesson.title}`} tone="primary" onClick={onEdit}>
          <PencilIcon />
        </IconButton>
        <IconButton label={`Delete ${lesson.title}`} tone="danger" onClick={onDelete}>
          <TrashIcon />
        </IconButton>
      </div>
    </li>
  );
}

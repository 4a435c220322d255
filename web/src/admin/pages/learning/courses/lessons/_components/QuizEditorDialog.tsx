import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { QUIZ_LIMITS, QUIZ_MESSAGES } from "../../../../../../../../common/learning.ts";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../../shared/ui/Button.tsx";
import { ErrorBoundary } from "../../../../../../shared/ui/ErrorBoundary.tsx";
import { TextArea, TextField } from "../../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../../shared/ui/FormDialog.tsx";
import { IconButton } from "../../../../../../shared/ui/IconButton.tsx";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from "../../../../../../shared/ui/icons.tsx";
import { Spinner } from "../../../../../../shared/ui/Spinner.tsx";
import { toast } from "../../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../../components/failures.ts";
import formStyles from "../../../../../components/forms.module.css";
import type { QuizEditorDialogQuery } from "./__generated__/QuizEditorDialogQuery.graphql.ts";
import type { QuizEditorDialogSaveMutation } from "./__generated__/QuizEditorDialogSaveMutation.graphql.ts";
import styles from "./QuizEditorDialog.module.css";

export const QUIZ_EDITOR_MESSAGES = {
  loadFailed: "Could not load the quiz. Please try again.",
  saveFailed: "Failed to save the quiz.",
  saved: "Quiz saved.",
  noQuestion: QUIZ_MESSAGES.noQuestion,
  prompt: QUIZ_MESSAGES.prompt,
  optionText: QUIZ_MESSAGES.optionText,
  options: QUIZ_MESSAGES.options,
  noneCorrect: QUIZ_MESSAGES.noneCorrect,
  passMark: QUIZ_MESSAGES.passMark,
} as const;

const query = graphql`
  query QuizEditorDialogQuery($id: ID!) {
    node(id: $id) {
      ... on Lesson {
        id
        title
        quiz {
          passMark
          attemptCount
          questions {
            prompt
            multiple
            options {
              text
              correct
            }
          }
        }
      }
    }
  }
`;

const saveMutation = graphql`
  mutation QuizEditorDialogSaveMutation($lessonId: ID!, $passMark: Int, $questions: [QuizQuestionInput!]!) {
    saveQuiz(lessonId: $lessonId, passMark: $passMark, questions: $questions) {
      __typename
      ... on SaveQuizPayload {
        quiz {
          id
          passMark
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface OptionValues {
  key: number;
  text: string;
  correct: boolean;
}
interface QuestionValues {
  key: number;
  prompt: string;
  multiple: boolean;
  options: OptionValues[];
}

let nextKey = 1;
const newOption = (text = "", correct = false): OptionValues => ({ key: nextKey++, text, correct });
const newQuestion = (): QuestionValues => ({ key: nextKey++, prompt: "", multiple: false, options: [newOption("", true), newOption()] });

/** The form's own checks, by the fields the server names (questions.0.prompt, questions.0.options.1.text, ...). */
export function validateQuiz(passMark: string, questions: QuestionValues[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const mark = Number(passMark);
  if (!Number.isInteger(mark) || mark < QUIZ_LIMITS.passMark.min || mark > QUIZ_LIMITS.passMark.max)
    errors.passMark = QUIZ_EDITOR_MESSAGES.passMark;
  if (questions.length === 0) errors.questions = QUIZ_EDITOR_MESSAGES.noQuestion;
  questions.forEach((q, i) => {
    if (!q.prompt.trim()) errors[`questions.${i}.prompt`] = QUIZ_EDITOR_MESSAGES.prompt;
    if (q.options.length < QUIZ_LIMITS.options.min || q.options.length > QUIZ_LIMITS.options.max)
      errors[`questions.${i}.options`] = QUIZ_EDITOR_MESSAGES.options;
    else if (!q.options.some((o) => o.correct)) errors[`questions.${i}.options`] = QUIZ_EDITOR_MESSAGES.noneCorrect;
    q.options.forEach((o, j) => {
      if (!o.text.trim()) errors[`questions.${i}.options.${j}.text`] = QUIZ_EDITOR_MESSAGES.optionText;
    });
  });
  return errors;
}

interface QuizEditorDialogProps {
  /** The QUIZ lesson whose questions are edited; the dialog is open while there is one. */
  lessonId: string | null;
  onClose: () => void;
}

/**
 * Edits a QUIZ lesson's questions: add, remove and reorder questions (Move up / Move down buttons), single or
 * multiple choice, 2 to 10 options each with its "correct" mark, and the pass mark. Saving replaces the whole quiz;
 * a refused save keeps everything typed and shows each message by its field.
 */
export function QuizEditorDialog({ lessonId, onClose }: QuizEditorDialogProps) {
  if (!lessonId) return null;
  const shell = (body: ReactNode) => (
    <FormDialog title="Quiz" open onOpenChange={(open) => !open && onClose()} onSubmit={(e) => e.preventDefault()} submitLabel="Save quiz">
      {body}
    </FormDialog>
  );
  return (
    <ErrorBoundary fallback={() => shell(<Alert tone="error">{QUIZ_EDITOR_MESSAGES.loadFailed}</Alert>)}>
      <Suspense fallback={shell(<Spinner />)}>
        <QuizForm lessonId={lessonId} onClose={onClose} />
      </Suspense>
    </ErrorBoundary>
  );
}

function QuizForm({ lessonId, onClose }: { lessonId: string; onClose: () => void }) {
  const data = useLazyLoadQuery<QuizEditorDialogQuery>(query, { id: lessonId }, { fetchPolicy: "network-only" });
  const quiz = data.node?.quiz;
  const [passMark, setPassMark] = useState(String(quiz?.passMark ?? 70));
  const [questions, setQuestions] = useState<QuestionValues[]>(() =>
    quiz?.questions?.length
      ? quiz.questions.map((q) => ({
          key: nextKey++,
          prompt: q.prompt,
          multiple: q.multiple,
          options: q.options.map((o) => newOption(o.text, o.correct === true)),
        }))
      : [newQuestion()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useAsyncMutation<QuizEditorDialogSaveMutation>(saveMutation);

  const update = (i: number, change: (q: QuestionValues) => QuestionValues) =>
    setQuestions((list) => list.map((q, k) => (k === i ? change(q) : q)));
  const move = (i: number, by: -1 | 1) =>
    setQuestions((list) => {
      const to = i + by;
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[i], next[to]] = [next[to] as QuestionValues, next[i] as QuestionValues];
      return next;
    });
  const setCorrect = (i: number, j: number, correct: boolean) =>
    update(i, (q) => ({
      ...q,
      options: q.options.map((o, k) => (k === j ? { ...o, correct } : q.multiple || !correct ? o : { ...o, correct: false })),
    }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = validateQuiz(passMark, questions);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      toast.error(Object.values(local)[0] ?? QUIZ_EDITOR_MESSAGES.saveFailed);
      return;
    }
    try {
      const result = await save({
        variables: {
          lessonId,
          passMark: Number(passMark),
          questions: questions.map((q) => ({
            prompt: q.prompt,
            multiple: q.multiple,
            options: q.options.map((o) => ({ text: o.text, correct: o.correct })),
          })),
        },
      });
      const failure = failureOf(result.saveQuiz, QUIZ_EDITOR_MESSAGES.saveFailed);
      if (failure) {
        setErrors(failure.fieldErrors);
        toast.error(failure.message);
        return;
      }
      toast.success(QUIZ_EDITOR_MESSAGES.saved);
      onClose();
    } catch {
      toast.error(QUIZ_EDITOR_MESSAGES.saveFailed);
    }
  }

  const attempts = quiz?.attemptCount ?? 0;
  return (
    <FormDialog
      title={`Quiz: ${data.node?.title ?? ""}`}
      description={
        attempts > 0
          ? `${attempts === 1 ? "1 attempt" : `${attempts} attempts`} so far. Saving replaces the questions; past attempts keep what they showed.`
          : "Learners must answer every question; they see which ones they got wrong, never the correct options."
      }
      open
      onOpenChange={(open) => !open && onClose()}
      onSubmit={submit}
      submitLabel="Save quiz"
      pending={saving}
      size="wide"
    >
      <TextField
        id="quiz-pass-mark"
        label="Pass mark (%)"
        type="number"
        min={QUIZ_LIMITS.passMark.min}
        max={QUIZ_LIMITS.passMark.max}
        required
        value={passMark}
        error={errors.passMark}
        onChange={(e) => setPassMark(e.target.value)}
        className={styles.passMark}
      />
      {errors.questions && (
        <p className={styles.error} role="alert">
          {errors.questions}
        </p>
      )}
      <ol className={styles.questions} aria-label="Questions">
        {questions.map((q, i) => (
          <li key={q.key} className={styles.question}>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Question {i + 1}</legend>
              <div className={styles.questionTools}>
                <IconButton label={`Move question ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUpIcon />
                </IconButton>
                <IconButton label={`Move question ${i + 1} down`} disabled={i === questions.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDownIcon />
                </IconButton>
                <IconButton
                  label={`Remove question ${i + 1}`}
                  tone="danger"
                  onClick={() => setQuestions((list) => list.filter((_, k) => k !== i))}
                >
                  <TrashIcon />
                </IconButton>
              </div>
              <TextArea
                id={`quiz-q${q.key}-prompt`}
                label="Question"
                required
                rows={2}
                value={q.prompt}
                error={errors[`questions.${i}.prompt`]}
                onChange={(e) => update(i, (x) => ({ ...x, prompt: e.target.value }))}
              />
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={q.multiple}
                  onChange={(e) =>
                    update(i, (x) => {
                      const multiple = e.target.checked;
                      if (multiple) return { ...x, multiple };
                      // Back to single choice: keep the first correct option only.
                      const first = x.options.findIndex((o) => o.correct);
                      return { ...x, multiple, options: x.options.map((o, k) => ({ ...o, correct: k === first })) };
                    })
                  }
                />
                Multiple choice (learners choose every correct option)
              </label>
              <fieldset className={formStyles.choices} aria-describedby={`quiz-q${q.key}-options-message`}>
                <legend className={formStyles.choicesLegend}>
                  Options ({q.multiple ? "check every correct one" : "mark the correct one"})
                </legend>
                {q.options.map((o, j) => (
                  <div key={o.key} className={styles.option}>
                    <input
                      type={q.multiple ? "checkbox" : "radio"}
                      name={`quiz-q${q.key}-correct`}
                      checked={o.correct}
                      aria-label={`Option ${j + 1} is correct`}
                      onChange={(e) => setCorrect(i, j, e.target.checked)}
                    />
                    <TextField
                      id={`quiz-q${q.key}-o${o.key}`}
                      label={`Option ${j + 1}`}
                      value={o.text}
                      error={errors[`questions.${i}.options.${j}.text`]}
                      onChange={(e) =>
                        update(i, (x) => ({ ...x, options: x.options.map((p, k) => (k === j ? { ...p, text: e.target.value } : p)) }))
                      }
                      className={styles.optionText}
                    />
                    <IconButton
                      label={`Remove option ${j + 1} of question ${i + 1}`}
                      disabled={q.options.length <= 2}
                      onClick={() => update(i, (x) => ({ ...x, options: x.options.filter((_, k) => k !== j) }))}
                    >
                      <TrashIcon />
                    </IconButton>
                  </div>
                ))}
                {errors[`questions.${i}.options`] && (
                  <p id={`quiz-q${q.key}-options-message`} className={styles.error}>
                    {errors[`questions.${i}.options`]}
                  </p>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={q.options.length >= QUIZ_LIMITS.options.max}
                  onClick={() => update(i, (x) => ({ ...x, options: [...x.options, newOption()] }))}
                >
                  <PlusIcon size={14} aria-hidden="true" />
                  Add option
                </Button>
              </fieldset>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() => setQuestions((list) => [...list, newQuestion()])}
        disabled={questions.length >= QUIZ_LIMITS.questions}
      >
        <PlusIcon size={16} aria-hidden="true" />
        Add question
      </Button>
    </FormDialog>
  );
}

import { type FormEvent, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import * as learning from "../../../../../../../../common/learning.ts";
import { formatInstantWithTime } from "../../../../../../shared/format/dates.ts";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import { Button } from "../../../../../../shared/ui/Button.tsx";
import { CheckCircleIcon } from "../../../../../../shared/ui/icons.tsx";
import { toast } from "../../../../../../shared/ui/Toast.tsx";
import type { QuizLesson_lesson$key } from "./__generated__/QuizLesson_lesson.graphql.ts";
import type { QuizLessonSubmitMutation } from "./__generated__/QuizLessonSubmitMutation.graphql.ts";
import styles from "./QuizLesson.module.css";

export const QUIZ_MESSAGES = {
  empty: learning.QUIZ_MESSAGES.noQuiz,
  answerEvery: learning.QUIZ_MESSAGES.answerEvery,
  submitFailed: "Could not submit your answers. Please try again.",
  notKept: "Your answers were checked but not kept: enroll in the track to record attempts and progress.",
} as const;

const fragment = graphql`
  fragment QuizLesson_lesson on Lesson {
    id
    enrolled
    quiz {
      id
      passMark
      questions {
        id
        prompt
        multiple
        options {
          id
          text
        }
      }
      myAttempts {
        id
        score
        passed
        createdAt
        correctCount
        questionCount
      }
    }
  }
`;

const submitMutation = graphql`
  mutation QuizLessonSubmitMutation($lessonId: ID!, $answers: [QuizAnswerInput!]!) {
    submitQuizAttempt(lessonId: $lessonId, answers: $answers) {
      __typename
      ... on SubmitQuizAttemptPayload {
        score
        passed
        passMark
        correctCount
        questionCount
        recorded
        progress
        answers {
          questionId
          right
        }
        lesson {
          id
          completed
          quiz {
            id
            myAttempts {
              id
              score
              passed
              createdAt
              correctCount
              questionCount
            }
          }
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface Result {
  score: number;
  passed: boolean;
  passMark: number;
  correctCount: number;
  questionCount: number;
  recorded: boolean;
  progress: number | null;
  answers: readonly { questionId: string; right: boolean }[];
}

/**
 * A QUIZ lesson in the player: each question a fieldset (its legend the question) of radios (single choice) or
 * checkboxes (multiple choice), then Submit. The result (score, passed or not against the pass mark) is announced, and
 * each question is marked right or wrong, never with the correct options; Retry clears the answers. An enrolled
 * learner's attempts are listed, latest first; a pass completes the lesson.
 */
export function QuizLesson({ lesson: key }: { lesson: QuizLesson_lesson$key }) {
  const lesson = useFragment(fragment, key);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [submit, submitting] = useAsyncMutation<QuizLessonSubmitMutation>(submitMutation);
  const resultRef = useRef<HTMLDivElement>(null);
  const quiz = lesson.quiz;
  const questions = quiz?.questions ?? [];
  if (!quiz || questions.length === 0) return <p className={styles.empty}>{QUIZ_MESSAGES.empty}</p>;

  const rightOf = new Map(result?.answers.map((a) => [a.questionId, a.right]) ?? []);

  function choose(questionId: string, optionId: string, multiple: boolean, on: boolean) {
    setChosen((all) => {
      const current = all[questionId] ?? [];
      const next = multiple ? (on ? [...current, optionId] : current.filter((id) => id !== optionId)) : [optionId];
      return { ...all, [questionId]: next };
    });
    setMissing((m) => {
      if (!m.has(questionId)) return m;
      const next = new Set(m);
      next.delete(questionId);
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const unanswered = new Set(questions.filter((q) => (chosen[q.id] ?? []).length === 0).map((q) => q.id));
    setMissing(unanswered);
    if (unanswered.size > 0) {
      toast.error(QUIZ_MESSAGES.answerEvery);
      document.getElementById(`quiz-question-${[...unanswered][0]}`)?.focus();
      return;
    }
    if (!lesson.id) return;
    try {
      const answers = questions.map((q) => ({ questionId: q.id, optionIds: chosen[q.id] ?? [] }));
      const { submitQuizAttempt: answer } = await submit({ variables: { lessonId: lesson.id, answers } });
      if (answer.__typename !== "SubmitQuizAttemptPayload" || answer.score === undefined) {
        toast.error(answer.failure?.message || QUIZ_MESSAGES.submitFailed);
        return;
      }
      setResult({
        score: answer.score,
        passed: answer.passed === true,
        passMark: answer.passMark ?? quiz?.passMark ?? 0,
        correctCount: answer.correctCount ?? 0,
        questionCount: answer.questionCount ?? questions.length,
        recorded: answer.recorded === true,
        progress: answer.progress ?? null,
        answers: answer.answers ?? [],
      });
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch {
      toast.error(QUIZ_MESSAGES.submitFailed);
    }
  }

  function retry() {
    setResult(null);
    setChosen({});
    setMissing(new Set());
    requestAnimationFrame(() => document.getElementById(`quiz-question-${questions[0]?.id}`)?.focus());
  }

  return (
    <div className={styles.quiz}>
      <p className={styles.intro}>
        {questions.length === 1 ? "1 question" : `${questions.length} questions`} · pass mark {quiz.passMark}%
      </p>
      <div aria-live="polite" role="status" className={styles.live}>
        {result && (
          <div ref={resultRef} tabIndex={-1} className={result.passed ? styles.passed : styles.failed}>
            <p className={styles.score}>
              {result.passed ? <CheckCircleIcon size={20} aria-hidden="true" /> : null}
              {result.passed ? "Passed" : "Not passed"}: {result.score}% ({result.correctCount} of {result.questionCount} right; pass mark{" "}
              {result.passMark}%)
            </p>
            {result.passed && result.progress !== null && <p>Lesson complete. Track progress: {result.progress}%.</p>}
            {!result.passed && <p>The questions marked Wrong need another look. Retry when you are ready.</p>}
            {!result.recorded && <p>{QUIZ_MESSAGES.notKept}</p>}
          </div>
        )}
      </div>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        {questions.map((q, i) => {
          const right = rightOf.get(q.id);
          const invalid = missing.has(q.id);
          return (
            <fieldset
              key={q.id}
              id={`quiz-question-${q.id}`}
              tabIndex={-1}
              className={styles.question}
              data-result={right === undefined ? undefined : right ? "right" : "wrong"}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `quiz-question-${q.id}-message` : undefined}
            >
              <legend className={styles.legend}>
                <span className={styles.number}>{i + 1}.</span> {q.prompt}
                {right !== undefined && <span className={right ? styles.right : styles.wrong}>{right ? " Right" : " Wrong"}</span>}
              </legend>
              <p className={styles.hint}>{q.multiple ? "Choose every correct answer." : "Choose one answer."}</p>
              {q.options.map((o) => (
                <label key={o.id} className={styles.option}>
                  <input
                    type={q.multiple ? "checkbox" : "radio"}
                    name={`quiz-${q.id}`}
                    value={o.id}
                    checked={(chosen[q.id] ?? []).includes(o.id)}
                    disabled={result !== null}
                    onChange={(e) => choose(q.id, o.id, q.multiple, e.target.checked)}
                  />
                  <span>{o.text}</span>
                </label>
              ))}
              {invalid && (
                <p id={`quiz-question-${q.id}-message`} className={styles.error}>
                  {QUIZ_MESSAGES.answerEvery}
                </p>
              )}
            </fieldset>
          );
        })}
        <div className={styles.actions}>
          {result ? (
            // Distinct keys: the click on Retry must not turn the same element into the submit button mid-click.
            <Button key="retry" onClick={retry} variant={result.passed ? "secondary" : "primary"}>
              Retry
            </Button>
          ) : (
            <Button key="submit" type="submit" loading={submitting}>
              Submit answers
            </Button>
          )}
        </div>
      </form>
      {lesson.enrolled && quiz.myAttempts.length > 0 && (
        <section className={styles.attempts} aria-labelledby="quiz-attempts-title">
          <h2 id="quiz-attempts-title" className={styles.attemptsTitle}>
            Your attempts
          </h2>
          <ol className={styles.attemptList}>
            {quiz.myAttempts.slice(0, 10).map((a) => (
              <li key={a.id}>
                <span>{formatInstantWithTime(String(a.createdAt))}</span>
                <span>
                  {a.score}% ({a.correctCount}/{a.questionCount})
                </span>
                <span className={a.passed ? styles.right : styles.wrong}>{a.passed ? "Passed" : "Not passed"}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/**
 * The lessons', quizzes' and certificates' limits and messages (docs/ARCHITECTURE.md, "Learning"): what the API's
 * rules check and answer (api/src/domain/learning/lessons.ts, quizzes.ts, certificates.ts) and what the lesson and
 * quiz editors, the learner's quiz and the certificate's revocation check first or say, written once. Plain values,
 * like the rest of common/.
 */

export const LESSON_LIMITS = {
  /** A lesson's length in minutes. */
  minutes: { min: 0, max: 600 },
} as const;

export const LESSON_MESSAGES = {
  title: "Title is required.",
  kind: "Choose the kind of lesson: text, video, files or quiz.",
  minutes: "Minutes must be a whole number from 0 to 600.",
  body: "The lesson's text is too long.",
  video: "Paste a YouTube or Vimeo link.",
  course: "The selected course does not exist.",
  reorder: "The new order must list every lesson of the course once.",
  outcomes: "Up to 12 bullets of at most 200 characters.",
} as const;

export const CERTIFICATE_LIMITS = {
  /** Characters of the reason a certificate is revoked with. */
  revokeReason: 500,
} as const;

export const QUIZ_LIMITS = {
  /** Questions in a quiz. */
  questions: 50,
  /** Options of one question. */
  options: { min: 2, max: 10 },
  /** Characters of a question and of an option. */
  prompt: 1000,
  option: 500,
  /** The pass mark, a whole percent. */
  passMark: { min: 1, max: 100 },
} as const;

export const QUIZ_MESSAGES = {
  noQuestion: "Add at least one question.",
  tooManyQuestions: "A quiz holds at most 50 questions.",
  prompt: "Write the question.",
  promptLong: "A question is at most 1,000 characters.",
  options: "A question has 2 to 10 options.",
  optionText: "Write the option's text.",
  optionLong: "An option is at most 500 characters.",
  noneCorrect: "Mark at least one option as correct.",
  singleCorrect: "A single-choice question has exactly one correct option.",
  passMark: "The pass mark is a whole percent from 1 to 100.",
  notQuiz: "This lesson is not a quiz.",
  noQuiz: "This quiz has no questions yet.",
  answerEvery: "Answer every question.",
  unknownAnswer: "An answer does not match this quiz; reload the lesson and try again.",
  oneChoice: "Choose one option for a single-choice question.",
  completeQuiz: "Pass the quiz to complete this lesson.",
  flood: "You have tried this quiz many times in the last hour. Please wait before trying again.",
} as const;

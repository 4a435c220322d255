import { randomUUID } from "node:crypto";
import type { QuizQuestion } from "../domain/learning/quizzes.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";

/**
 * Demo quizzes (docs/ARCHITECTURE.md, "Learning"): a QUIZ lesson at the end of a course, with 4-5 real questions about
 * its track's subject. Meant for the demo seed (one call per track, usually on the track's first course).
 */

type Bank = { prompt: string; multiple?: boolean; options: [string, boolean][] }[];

const CLOUD: Bank = [
  {
    prompt: "Which service model gives you virtual machines, networks and storage to manage yourself?",
    options: [
      ["Infrastructure as a Service (IaaS)", true],
      ["Software as a Service (SaaS)", false],
      ["Function as a Service (FaaS)", false],
    ],
  },
  {
    prompt: "Which of these are object or block storage services?",
    multiple: true,
    options: [
      ["Amazon S3", true],
      ["Amazon EBS", true],
      ["AWS Lambda", false],
      ["Amazon Route 53", false],
    ],
  },
  {
    prompt: "What does auto-scaling do?",
    options: [
      ["Adds or removes capacity as the load changes", true],
      ["Makes a single server faster", false],
      ["Backs up databases every hour", false],
    ],
  },
  {
    prompt: "Under the shared responsibility model, what does the customer always own?",
    multiple: true,
    options: [
      ["Their data", true],
      ["Who may access their resources (identity and access)", true],
      ["The physical security of the data centre", false],
    ],
  },
  {
    prompt: "Spreading an application over several availability zones mainly improves…",
    options: [
      ["Availability when one zone fails", true],
      ["The price of storage", false],
      ["How fast code compiles", false],
    ],
  },
];

const SOFTWARE: Bank = [
  {
    prompt: "What does a unit test check?",
    options: [
      ["One small piece of code in isolation", true],
      ["The whole system through its user interface", false],
      ["The speed of the network", false],
    ],
  },
  {
    prompt: "Which of these are version control systems?",
    multiple: true,
    options: [
      ["Git", true],
      ["Mercurial", true],
      ["Docker", false],
    ],
  },
  {
    prompt: "What is refactoring?",
    options: [
      ["Changing code's structure without changing its behaviour", true],
      ["Adding a new feature", false],
      ["Rewriting a program in another language", false],
    ],
  },
  {
    prompt: "A pull request is mainly for…",
    options: [
      ["Proposing a change so others can review it before it is merged", true],
      ["Downloading the latest code", false],
      ["Deploying to production", false],
    ],
  },
];

/** A bank for any other subject: about learning the track itself, still answerable. */
function generic(subject: string): Bank {
  return [
    {
      prompt: `What is the best first step when you start learning ${subject}?`,
      options: [
        ["Learn the core ideas and practise them on small examples", true],
        ["Memorise every tool before trying anything", false],
        ["Skip the basics and start with the hardest topic", false],
      ],
    },
    {
      prompt: "Which habits help you keep what you learn?",
      multiple: true,
      options: [
        ["Practising regularly", true],
        ["Explaining a topic in your own words", true],
        ["Reading each lesson once, never again", false],
      ],
    },
    {
      prompt: "When a quiz answer turns out wrong, what should you do?",
      options: [
        ["Review the lesson it comes from, then retry", true],
        ["Guess until it passes", false],
        ["Ignore it", false],
      ],
    },
    {
      prompt: "A hands-on project is useful because it…",
      options: [
        ["Shows you can apply the ideas to a real problem", true],
        ["Replaces every lesson", false],
        ["Is only for experts", false],
      ],
    },
  ];
}

function bankFor(trackName: string): Bank {
  const name = trackName.toLowerCase();
  if (name.includes("cloud")) return CLOUD;
  if (name.includes("software")) return SOFTWARE;
  return generic(trackName);
}

/** The stored questions of a bank (fresh ids). */
export function demoQuizQuestions(trackName: string): QuizQuestion[] {
  return bankFor(trackName).map((q) => ({
    id: randomUUID(),
    prompt: q.prompt,
    multiple: q.multiple ?? false,
    options: q.options.map(([text, correct]) => ({ id: randomUUID(), text, correct })),
  }));
}

/**
 * Adds a QUIZ lesson ("Check your understanding") at the end of a course, with a quiz about the track's subject and a
 * pass mark of 70 %. Returns the lesson's id.
 */
export async function seedQuiz(prisma: PrismaClient | Prisma.TransactionClient, courseId: string, trackName: string) {
  const last = await prisma.lesson.aggregate({ where: { courseId }, _max: { position: true } });
  const lesson = await prisma.lesson.create({
    data: { courseId, position: (last._max.position ?? -1) + 1, title: "Check your understanding", kind: "QUIZ", minutes: 5 },
  });
  await seedQuizFor(prisma, lesson.id, trackName);
  return lesson.id;
}

/** Gives an existing QUIZ lesson the demo quiz about the track's subject (pass mark 70 %); one already there is kept. */
export async function seedQuizFor(prisma: PrismaClient | Prisma.TransactionClient, lessonId: string, trackName: string) {
  if (await prisma.quiz.count({ where: { lessonId } })) return;
  await prisma.quiz.create({
    data: { lessonId, passMark: 70, questions: demoQuizQuestions(trackName) as unknown as Prisma.InputJsonValue },
  });
}

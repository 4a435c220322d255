import { type GraphQLNamedType, getNamedType, isObjectType } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, seededApp } from "#testing/graphql.ts";
import { schema } from "./index.ts";

/**
 * Relay's conventions (schema/node.ts and the types' modules): every type with an `id` is a Node that `node(id:)` and
 * `nodes(ids:)` look up, for the callers who may see it where it is listed and for no one else; and a list that pages
 * forward only says why.
 */
describe("Node (schema/node.ts)", () => {
  const s = seededApp();

  it("every object type with an id implements Node", () => {
    const node = schema.getType("Node");
    const missing = Object.values(schema.getTypeMap())
      .filter((type): type is GraphQLNamedType & { getFields(): Record<string, { type: unknown }> } => isObjectType(type))
      .filter((type) => !type.name.startsWith("__") && "id" in type.getFields())
      .filter((type) => isObjectType(type) && !type.getInterfaces().some((i) => i === node))
      .map((type) => type.name);
    expect(missing).toEqual([]);
  });

  it("every connection without last/before says in its description why it pages forward only", () => {
    const silent: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        const target = getNamedType(field.type);
        if (!target.name.endsWith("Connection")) continue;
        const names = field.args.map((a) => a.name);
        if (names.includes("last") && names.includes("before")) continue;
        if (!/pages forward only/.test(target.description ?? "")) silent.push(`${type.name}.${field.name}`);
      }
    }
    expect(silent).toEqual([]);
  });

  describe("node(id:) for the records under a lesson, an attempt and an invoice", () => {
    const ids = { file: "", question: "", option: "", wrongOption: "", previewQuestion: "", attempt: "", refund: "" };
    let enrolled: string;
    let invoiceLearner: string;

    beforeAll(async () => {
      const { prisma } = s.app.services.db;
      const trackId = s.seeded.trackIds[0] as string;
      const course = await prisma.course.findFirstOrThrow({ where: { trackId } });
      const lesson = (title: string, kind: "FILE" | "QUIZ", freePreview = false, position = 0) =>
        prisma.lesson.create({ data: { courseId: course.id, position, title, kind, freePreview } });
      const fileLesson = await lesson("Slides", "FILE", false, 10);
      const file = await prisma.lessonMedia.create({
        data: {
          lessonId: fileLesson.id,
          kind: "FILE",
          name: "slides.pdf",
          contentType: "application/pdf",
          size: 10n,
          key: `k-${fileLesson.id}`,
        },
      });
      const question = (id: string, right: string, wrong: string) => ({
        id,
        prompt: `Question ${id.slice(0, 4)}`,
        multiple: false,
        options: [
          { id: right, text: "Right", correct: true },
          { id: wrong, text: "Wrong", correct: false },
        ],
      });
      const [q1, o1, o2, q2, o3, o4] = Array.from({ length: 6 }, () => crypto.randomUUID()) as string[];
      const quizLesson = await lesson("Check", "QUIZ", false, 11);
      const quiz = await prisma.quiz.create({
        data: { lessonId: quizLesson.id, questions: [question(q1 as string, o1 as string, o2 as string)] },
      });
      const previewLesson = await lesson("Try", "QUIZ", true, 12);
      await prisma.quiz.create({ data: { lessonId: previewLesson.id, questions: [question(q2 as string, o3 as string, o4 as string)] } });

      const one = await learnerWithToken(s.app);
      await prisma.enrollment.create({ data: { learnerId: one.learner.id, trackId } });
      enrolled = one.token;
      const attempt = await prisma.quizAttempt.create({
        data: {
          quizId: quiz.id,
          learnerId: one.learner.id,
          score: 100,
          passed: true,
          passMark: 70,
          correctCount: 1,
          questionCount: 1,
          answers: [{ questionId: q1, prompt: "Q", multiple: false, right: true, options: [{ id: o1, text: "Right", chosen: true }] }],
        },
      });
      // A refund of the enrolled learner's own paid invoice.
      const invoice = await prisma.invoice.create({
        data: {
          learnerId: one.learner.id,
          trackId,
          amountCents: 10_000,
          status: "PARTIALLY_REFUNDED",
          refundedCents: 1_000,
          paidAt: new Date(),
        },
      });
      const refund = await prisma.refund.create({
        data: {
          invoiceId: invoice.id,
          amountCents: 1_000,
          currency: "USD",
          method: "OFFLINE",
          status: "PROCESSED",
          reason: "Late",
          actorEmail: "f@x.co",
        },
      });
      invoiceLearner = one.token;
      Object.assign(ids, {
        file: globalId("LessonFile", file.id),
        question: globalId("QuizQuestion", q1 as string),
        option: globalId("QuizOption", o1 as string),
        wrongOption: globalId("QuizOption", o2 as string),
        previewQuestion: globalId("QuizQuestion", q2 as string),
        attempt: globalId("QuizAttempt", attempt.id),
        refund: globalId("Refund", refund.id),
      });
    });

    const NODE = `query ($id: ID!) { node(id: $id) { __typename id
      ... on LessonFile { name }
      ... on QuizQuestion { prompt options { id correct } }
      ... on QuizOption { text correct }
      ... on QuizAttempt { score answers { questionId options { optionId } } }
      ... on Refund { amountCents } } }`;
    /** What the caller gets: the record's typename, "null" when it names none for them, or the refusal's code. */
    const look = async (id: string, token: string | undefined) => {
      const res = await s.app.graphql<{ node: { __typename: string } | null }>(NODE, { id }, token);
      return refusalOf(res) ?? res.data?.node?.__typename ?? "null";
    };

    it("each kind of caller sees a lesson's file, question and option only where it may read the lesson", async () => {
      const { stranger, learner: notEnrolled, owner, instructor, pending } = s.who;
      const seen: Record<string, string[]> = {};
      for (const [label, id] of [
        ["file", ids.file],
        ["question", ids.question],
        ["option", ids.option],
        ["preview question", ids.previewQuestion],
      ] as const) {
        seen[label] = [];
        for (const token of [stranger, notEnrolled, pending, enrolled, owner, instructor]) seen[label].push(await look(id, token));
      }
      // stranger, a learner not enrolled, a pending staff account, the enrolled learner, the owner, an instructor.
      expect(seen).toEqual({
        file: ["null", "null", "null", "LessonFile", "LessonFile", "LessonFile"],
        question: ["null", "null", "null", "QuizQuestion", "QuizQuestion", "QuizQuestion"],
        option: ["null", "null", "null", "QuizOption", "QuizOption", "QuizOption"],
        "preview question": ["QuizQuestion", "QuizQuestion", "QuizQuestion", "QuizQuestion", "QuizQuestion", "QuizQuestion"],
      });
    });

    it("the correct flags by node(id:) as through the quiz: staff who may edit the track only", async () => {
      const flags = async (token: string | undefined) =>
        (await s.app.graphql(NODE, { id: ids.question }, token)).data?.node?.options.map((o: { correct: boolean | null }) => o.correct);
      expect(await flags(enrolled)).toEqual([null, null]);
      expect(await flags(s.who.owner)).toEqual([true, false]);
      expect((await s.app.graphql(NODE, { id: ids.wrongOption }, s.who.manager)).data?.node).toMatchObject({
        text: "Wrong",
        correct: false,
      });
      expect((await s.app.graphql(NODE, { id: ids.option }, enrolled)).data?.node).toMatchObject({ id: ids.option, correct: null });
    });

    it("an attempt and a refund only for their learner (the attempt) or staff who read them; another learner gets neither", async () => {
      const { stranger, learner: other, owner, finance, instructor } = s.who;
      const attempt = [];
      const refund = [];
      for (const token of [stranger, other, invoiceLearner, owner, finance, instructor]) {
        attempt.push(await look(ids.attempt, token));
        refund.push(await look(ids.refund, token));
      }
      // stranger, another learner, the learner whose they are, the owner, finance, an instructor.
      expect(attempt).toEqual(["NotAuthenticatedError", "ForbiddenError", "QuizAttempt", "QuizAttempt", "QuizAttempt", "ForbiddenError"]);
      expect(refund).toEqual(["NotAuthenticatedError", "ForbiddenError", "ForbiddenError", "Refund", "Refund", "ForbiddenError"]);
      // nodes(ids:) answers the same per entry.
      const both = await s.app.graphql(
        `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`,
        { ids: [ids.attempt, ids.refund, ids.file] },
        other,
      );
      expect(both.data?.nodes).toEqual([null, null, null]);
    });

    it("an attempt's answers name the question's and the option's node ids", async () => {
      const { data } = await s.app.graphql(NODE, { id: ids.attempt }, invoiceLearner);
      expect(data?.node.answers).toEqual([{ questionId: ids.question, options: [{ optionId: ids.option }] }]);
    });
  });
});

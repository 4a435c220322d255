import { beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { globalId, seededApp, statementsOf } from "#testing/graphql.ts";

/**
 * Lessons (learning/lessons.ts, domain/learning/): who reads a lesson's content, authoring, reorder under concurrency,
 * progress, and the SQL statements of the player's page.
 */
describe("Lesson (learning/lessons.ts)", () => {
  const s = seededApp();
  const ids = { track: "", course: "", course2: "", paid: "", preview: "", draftPreview: "", invoice: "" };
  let enrolled: { token: string; learnerId: string };
  let refunded: { token: string; learnerId: string };
  let assignedInstructor: string;

  const add = (courseId: string, input: Record<string, unknown>, token: string | undefined) =>
    s.app.graphql(
      "mutation ($c: ID!, $i: LessonInput!) { createLesson(courseId: $c, input: $i) { ... on LessonPayload { lesson { id title position } } ... on Error { message } } }",
      { c: globalId("Course", courseId), i: input },
      token,
    );

  beforeAll(async () => {
    const { prisma } = s.app.services.db;
    const [trackId, draftTrackId] = [s.seeded.trackIds[0] as string, s.seeded.trackIds[1] as string];
    await prisma.track.update({ where: { id: draftTrackId }, data: { status: "DRAFT" } });
    const courses = await prisma.course.findMany({ where: { trackId }, orderBy: { createdAt: "asc" } });
    const draftCourse = await prisma.course.findFirstOrThrow({ where: { trackId: draftTrackId } });
    Object.assign(ids, { track: trackId, course: courses[0]?.id, course2: courses[1]?.id });
    const paid = await prisma.lesson.create({
      data: { courseId: ids.course, position: 0, title: "Paid", kind: "TEXT", minutes: 7, body: "# Secret body" },
    });
    const preview = await prisma.lesson.create({
      data: {
        courseId: ids.course,
        position: 1,
        title: "Preview",
        kind: "VIDEO",
        minutes: 3,
        freePreview: true,
        videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      },
    });
    const draftPreview = await prisma.lesson.create({
      data: { courseId: draftCourse.id, position: 0, title: "Draft", kind: "TEXT", minutes: 1, freePreview: true, body: "draft body" },
    });
    Object.assign(ids, { paid: paid.id, preview: preview.id, draftPreview: draftPreview.id });
    const one = await learnerWithToken(s.app);
    await prisma.enrollment.create({ data: { learnerId: one.learner.id, trackId } });
    enrolled = { token: one.token, learnerId: one.learner.id };
    const two = await learnerWithToken(s.app);
    await prisma.enrollment.create({ data: { learnerId: two.learner.id, trackId } });
    const invoice = await prisma.invoice.create({
      data: { learnerId: two.learner.id, trackId, amountCents: 10_000, status: "PAID", paidAt: new Date(), paymentMethod: "OTHER" },
    });
    refunded = { token: two.token, learnerId: two.learner.id };
    ids.invoice = invoice.id;
    const instructor = await adminWithToken(s.app, "INSTRUCTOR");
    await prisma.trackInstructor.create({ data: { trackId, adminId: instructor.admin.id } });
    assignedInstructor = instructor.token;
  });

  const CONTENT = "query ($id: ID!) { node(id: $id) { ... on Lesson { title locked body videoUrl videoEmbedUrl } } }";

  async function content(lessonId: string, token: string | undefined) {
    const { data, errors } = await s.app.graphql(CONTENT, { id: globalId("Lesson", lessonId) }, token);
    expect(errors).toBeUndefined();
    return data.node;
  }

  it("the access matrix: content for the enrolled learner and every staff role; outline only for anyone else", async () => {
    for (const token of [enrolled.token, refunded.token, s.who.owner, s.who.manager, s.who.finance, s.who.instructor]) {
      expect(await content(ids.paid, token)).toEqual({
        title: "Paid",
        locked: false,
        body: "# Secret body",
        videoUrl: null,
        videoEmbedUrl: null,
      });
    }
    for (const token of [s.who.stranger, s.who.otherLearner, s.who.learner, s.who.pending]) {
      expect(await content(ids.paid, token)).toEqual({ title: "Paid", locked: true, body: null, videoUrl: null, videoEmbedUrl: null });
    }
  });

  it("a free-preview lesson of a published track opens for anyone, through the privacy-friendly embed", async () => {
    for (const token of [s.who.stranger, s.who.otherLearner, s.who.pending]) {
      expect(await content(ids.preview, token)).toMatchObject({
        locked: false,
        videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        videoEmbedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
      });
    }
  });

  it("a draft track's lessons, free preview or not, are not found by anyone but staff", async () => {
    for (const token of [s.who.stranger, s.who.otherLearner, s.who.pending]) expect(await content(ids.draftPreview, token)).toBeNull();
    expect(await content(ids.draftPreview, s.who.finance)).toMatchObject({ body: "draft body" });
  });

  it("a refund takes the content away at once (no grant is remembered), and progress is refused", async () => {
    const before = await content(ids.paid, refunded.token);
    expect(before.body).toBe("# Secret body");
    const refund = await s.app.graphql(
      "mutation ($i: RefundInvoiceInput!) { refundInvoice(input: $i) { __typename ... on Error { message } } }",
      { i: { id: globalId("Invoice", ids.invoice), reason: "Asked for it back" } },
      s.who.finance,
    );
    expect(refund.errors).toBeUndefined();
    expect(refund.data.refundInvoice.__typename).toBe("RefundInvoicePayload");
    expect(await content(ids.paid, refunded.token)).toMatchObject({ locked: true, body: null });
    const complete = await s.app.graphql(
      "mutation ($id: ID!) { completeLesson(id: $id) { __typename ... on Error { message } } }",
      { id: globalId("Lesson", ids.paid) },
      refunded.token,
    );
    expect(complete.data.completeLesson).toEqual({ __typename: "ForbiddenError", message: "Enroll in this track to open this lesson." });
  });

  it("staff author lessons: bad input is refused with the field's message and changes nothing; learners and finance are refused", async () => {
    const { prisma } = s.app.services.db;
    const count = () => prisma.lesson.count({ where: { courseId: ids.course2 } });
    const before = await count();
    const bad = [
      [{ title: "", kind: "TEXT", minutes: 5 }, "Title is required."],
      [{ title: "V", kind: "VIDEO", minutes: 5, videoUrl: "javascript:alert(1)" }, "Paste a YouTube or Vimeo link."],
      [{ title: "V", kind: "VIDEO", minutes: 5, videoUrl: "https://evil.example/watch?v=dQw4w9WgXcQ" }, "Paste a YouTube or Vimeo link."],
      [{ title: "M", kind: "TEXT", minutes: -1 }, "Minutes must be a whole number from 0 to 600."],
    ] as const;
    for (const [input, message] of bad) {
      const { data, errors } = await add(ids.course2, input, s.who.owner);
      expect(errors).toBeUndefined();
      expect(data.createLesson).toEqual({ message });
    }
    for (const token of [s.who.learner, s.who.finance, s.who.stranger]) {
      const refused = await add(ids.course2, { title: "X", kind: "TEXT", minutes: 1 }, token);
      expect(refused.data.createLesson.message).toMatch(/log in|not allowed|permission|admin/i);
    }
    // An instructor not assigned to the track is refused; the assigned one may add.
    expect((await add(ids.course2, { title: "X", kind: "TEXT", minutes: 1 }, s.who.instructor)).data.createLesson.message).toBe(
      "You can only edit the courses of tracks assigned to you.",
    );
    expect(await count()).toBe(before);
    const ok = await add(
      ids.course2,
      { title: "Vimeo", kind: "VIDEO", minutes: 2, videoUrl: "https://vimeo.com/76979871" },
      assignedInstructor,
    );
    expect(ok.data.createLesson.lesson).toMatchObject({ title: "Vimeo", position: 0 });
  });

  it("concurrent adds and reorders keep positions unique and dense", async () => {
    const { prisma } = s.app.services.db;
    const course = (await prisma.course.findFirstOrThrow({ where: { trackId: s.seeded.trackIds[2] } })).id;
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add(course, { title: `L${i}`, kind: "TEXT", minutes: 1 }, s.who.owner)),
    );
    for (const m of made) expect(m.data.createLesson.lesson).toBeDefined();
    const lessons = await prisma.lesson.findMany({ where: { courseId: course }, orderBy: { position: "asc" } });
    expect(lessons.map((l) => l.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const REORDER =
      "mutation ($c: ID!, $ids: [ID!]!) { reorderLessons(courseId: $c, ids: $ids) { ... on ReorderLessonsPayload { course { lessons(first: 20) { edges { node { title position } } } } } ... on Error { message } } }";
    const orders = Array.from({ length: 6 }, (_, k) =>
      [...lessons].sort((a, b) => ((a.title.charCodeAt(1) * (k + 3)) % 7) - ((b.title.charCodeAt(1) * (k + 3)) % 7)),
    );
    const answers = await Promise.all(
      orders.map((order) =>
        s.app.graphql(REORDER, { c: globalId("Course", course), ids: order.map((l) => globalId("Lesson", l.id)) }, s.who.manager),
      ),
    );
    for (const a of answers) expect(a.errors).toBeUndefined();
    const after = await prisma.lesson.findMany({ where: { courseId: course }, orderBy: { position: "asc" } });
    expect(after.map((l) => l.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The final order is one of the orders asked for, whole.
    expect(orders.map((o) => o.map((l) => l.id).join())).toContain(after.map((l) => l.id).join());
    // An order that leaves a lesson out, or names one twice, is refused and changes nothing.
    const partial = await s.app.graphql(
      REORDER,
      { c: globalId("Course", course), ids: after.slice(1).map((l) => globalId("Lesson", l.id)) },
      s.who.manager,
    );
    expect(partial.data.reorderLessons).toEqual({ message: "The new order must list every lesson of the course once." });
    const twice = [...after.slice(1), after[1]].map((l) => globalId("Lesson", (l as { id: string }).id));
    expect(
      (await s.app.graphql(REORDER, { c: globalId("Course", course), ids: twice }, s.who.manager)).data.reorderLessons.message,
    ).toBeDefined();
    expect((await prisma.lesson.findMany({ where: { courseId: course }, orderBy: { position: "asc" } })).map((l) => l.id)).toEqual(
      after.map((l) => l.id),
    );
  });

  it("progress: complete moves the enrollment's progress and Continue; 100% completes the enrollment", async () => {
    const MINE =
      "{ me { ... on Learner { enrollments(first: 10) { edges { node { progress status continueLesson { title } track { lessonCount totalMinutes } } } } } } }";
    const mine = async () => {
      const node = (await s.app.graphql(MINE, {}, enrolled.token)).data.me.enrollments.edges[0].node;
      // The two ways to name the lesson Continue resumes agree.
      expect(node.continueLessonId).toBe(node.continueLesson.id);
      const { continueLessonId: _id, ...rest } = node;
      return { ...rest, continueLesson: { title: node.continueLesson.title } };
    };
    expect(await mine()).toEqual({
      progress: 0,
      status: "ACTIVE",
      continueLesson: { title: "Paid" },
      track: { lessonCount: 3, totalMinutes: 12 },
    });
    const COMPLETE =
      "mutation ($id: ID!) { completeLesson(id: $id) { ... on LessonProgressPayload { progress lesson { completed } } ... on Error { message } } }";
    const first = await s.app.graphql(COMPLETE, { id: globalId("Lesson", ids.preview) }, enrolled.token);
    expect(first.data.completeLesson).toEqual({ progress: 33, lesson: { completed: true } });
    expect(await mine()).toMatchObject({ progress: 33, continueLesson: { title: "Preview" } });
    // Marking again changes nothing.
    expect((await s.app.graphql(COMPLETE, { id: globalId("Lesson", ids.preview) }, enrolled.token)).data.completeLesson.progress).toBe(33);
    const POSITION =
      "mutation ($id: ID!, $s: Int!) { saveLessonPosition(id: $id, seconds: $s) { ... on LessonProgressPayload { lesson { positionSeconds } } ... on Error { message } } }";
    expect(
      (await s.app.graphql(POSITION, { id: globalId("Lesson", ids.paid), s: 42 }, enrolled.token)).data.saveLessonPosition.lesson,
    ).toEqual({ positionSeconds: 42 });
    expect(
      (await s.app.graphql(POSITION, { id: globalId("Lesson", ids.paid), s: -5 }, enrolled.token)).data.saveLessonPosition.message,
    ).toBe("The position must be a whole number of seconds from 0 to 86400.");
    expect(await mine()).toMatchObject({ continueLesson: { title: "Paid" } });
    // Another learner (not enrolled) may not record progress, even on a free preview.
    expect((await s.app.graphql(COMPLETE, { id: globalId("Lesson", ids.preview) }, s.who.otherLearner)).data.completeLesson.message).toBe(
      "Enroll in this track to open this lesson.",
    );
    for (const id of [ids.paid, (await s.app.services.db.prisma.lesson.findFirstOrThrow({ where: { courseId: ids.course2 } })).id]) {
      await s.app.graphql(COMPLETE, { id: globalId("Lesson", id) }, enrolled.token);
    }
    expect(await mine()).toMatchObject({ progress: 100, status: "COMPLETED" });
  });

  it("the player's page costs the same SQL statements with 3 and 60 lessons", async () => {
    const PLAYER = `query ($t: ID!, $l: ID!) {
      track(id: $t) { name outcomes enrolledCount lessonCount totalMinutes courses { title lessonList { id title kind minutes completed freePreview } } }
      lesson: node(id: $l) { ... on Lesson { title locked body videoEmbedUrl positionSeconds enrolled } }
    }`;
    const vars = { t: globalId("Track", ids.track), l: globalId("Lesson", ids.paid) };
    const few = (await statementsOf(s.app, PLAYER, vars, enrolled.token)).statements;
    await s.app.services.db.prisma.lesson.createMany({
      data: Array.from({ length: 57 }, (_, i) => ({
        courseId: ids.course2,
        position: 100 + i,
        title: `More ${i}`,
        kind: "TEXT" as const,
        minutes: 1,
      })),
    });
    const many = await statementsOf(s.app, PLAYER, vars, enrolled.token);
    expect(many.result.data.track.lessonCount).toBe(60);
    expect(many.statements).toBe(few);
    expect(many.statements).toBeLessThanOrEqual(4);
  });
});

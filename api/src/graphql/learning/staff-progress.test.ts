import { beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, seededApp, statementsOf } from "#testing/graphql.ts";
import { coverImage } from "../../seed/images.ts";

/**
 * Staff progress views (learning/staff-progress.ts, domain/learning/staff-progress.ts): when an enrollment was completed,
 * a learner's progress per track for the learner details dialog, a track's started / finished / median progress, and
 * the report's completions per month.
 */
describe("staff progress views", () => {
  const s = seededApp();
  const ids = { track: "", other: "", lessons: [] as string[], otherLesson: "" };
  let assigned: string;
  const learners: { token: string; id: string }[] = [];

  const complete = async (lessonId: string, token: string) => {
    const { data, errors } = await s.app.graphql(
      "mutation ($id: ID!) { completeLesson(id: $id) { __typename ... on LessonProgressPayload { progress } ... on Error { message } } }",
      { id: globalId("Lesson", lessonId) },
      token,
    );
    expect(errors).toBeUndefined();
    expect(data.completeLesson.__typename).toBe("LessonProgressPayload");
    return data.completeLesson.progress as number;
  };

  /** A new learner enrolled in the track (and in `also`, if given). */
  const enrolledLearner = async (...trackIds: string[]) => {
    const { learner, token } = await learnerWithToken(s.app);
    for (const trackId of trackIds) await s.app.services.db.prisma.enrollment.create({ data: { learnerId: learner.id, trackId } });
    learners.push({ token, id: learner.id });
    return { token, id: learner.id };
  };

  beforeAll(async () => {
    const { prisma } = s.app.services.db;
    const make = (name: string) =>
      prisma.track.create({
        data: {
          name,
          priceCents: 10_000,
          duration: "1 week",
          instructor: "Ada",
          description: "Progress figures.",
          courses: { create: [{ title: `${name} course`, description: "A course." }] },
        },
        include: { courses: true },
      });
    const track = await make("Progress track");
    const other = await make("Other progress track");
    ids.track = track.id;
    ids.other = other.id;
    const courseId = track.courses[0]?.id as string;
    for (let i = 0; i < 2; i++) {
      const lesson = await prisma.lesson.create({ data: { courseId, position: i, title: `L${i}`, kind: "TEXT", minutes: 5, body: "x" } });
      ids.lessons.push(lesson.id);
    }
    // An archived lesson does not count towards progress.
    await prisma.lesson.create({ data: { courseId, position: 2, title: "Old", kind: "TEXT", archivedAt: new Date() } });
    const otherLesson = await prisma.lesson.create({
      data: { courseId: other.courses[0]?.id as string, position: 0, title: "O", kind: "TEXT", body: "x" },
    });
    ids.otherLesson = otherLesson.id;
    const instructor = await adminWithToken(s.app, "INSTRUCTOR");
    await prisma.trackInstructor.create({ data: { trackId: track.id, adminId: instructor.admin.id } });
    assigned = instructor.token;
  });

  const STATS = "query ($id: ID!) { track(id: $id) { learningStats { enrolled started finished medianProgress } } }";
  const stats = async (token: string | undefined) => {
    const { data, errors } = await s.app.graphql(STATS, { id: globalId("Track", ids.track) }, token);
    expect(errors).toBeUndefined();
    return data.track.learningStats;
  };

  it("records when an enrollment became COMPLETED, once: marking a lesson again keeps the first time", async () => {
    const { prisma } = s.app.services.db;
    const learner = await enrolledLearner(ids.track);
    expect(await complete(ids.lessons[0] as string, learner.token)).toBe(50);
    let row = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id, trackId: ids.track } });
    expect(row.completedAt).toBeNull();
    expect(await complete(ids.lessons[1] as string, learner.token)).toBe(100);
    row = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id, trackId: ids.track } });
    expect(row.status).toBe("COMPLETED");
    const first = row.completedAt;
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await complete(ids.lessons[0] as string, learner.token);
    row = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id, trackId: ids.track } });
    expect(row.completedAt).toEqual(first);
  });

  it("the track's figures: 0, 50 and 100 % give a median of 50; an even count averages the middle two; opening a lesson is a start", async () => {
    // The learner of the test above finished (100 %). Add one at 50 % and one who has not begun (0 %).
    const half = await enrolledLearner(ids.track);
    await complete(ids.lessons[1] as string, half.token);
    await enrolledLearner(ids.track);
    const three = await statementsOf(s.app, STATS, { id: globalId("Track", ids.track) }, s.who.owner);
    expect(three.result.data.track.learningStats).toEqual({ enrolled: 3, started: 2, finished: 1, medianProgress: 50 });

    // A fourth learner only opens a lesson (a saved video position): started, at 0 %: 0, 0, 50, 100 -> median 25.
    const opener = await enrolledLearner(ids.track);
    const saved = await s.app.graphql(
      "mutation ($id: ID!) { saveLessonPosition(id: $id, seconds: 12) { __typename ... on Error { message } } }",
      { id: globalId("Lesson", ids.lessons[0] as string) },
      opener.token,
    );
    expect(saved.errors).toBeUndefined();
    const four = await statementsOf(s.app, STATS, { id: globalId("Track", ids.track) }, s.who.owner);
    expect(four.result.data.track.learningStats).toEqual({ enrolled: 4, started: 3, finished: 1, medianProgress: 25 });
    // One aggregate statement, not one per learner: the count does not grow with the learners.
    expect(four.statements).toBe(three.statements);
    expect(four.statements).toBeLessThanOrEqual(4);

    // Progress in another track (and in an archived lesson) does not count here.
    const elsewhere = await enrolledLearner(ids.other);
    await complete(ids.otherLesson, elsewhere.token);
    expect(await stats(s.who.owner)).toEqual({ enrolled: 4, started: 3, finished: 1, medianProgress: 25 });
  });

  it("a track without learners has no median", async () => {
    const { data } = await s.app.graphql(STATS, { id: globalId("Track", s.seeded.trackIds[0] as string) }, s.who.owner);
    expect(data.track.learningStats).toMatchObject({ finished: 0, started: 0 });
    const empty = await s.app.services.db.prisma.track.create({
      data: { name: "Empty", priceCents: 100, duration: "1 day", instructor: "Ada", description: "Nothing yet." },
    });
    const none = await s.app.graphql(STATS, { id: globalId("Track", empty.id) }, s.who.owner);
    expect(none.data.track.learningStats).toEqual({ enrolled: 0, started: 0, finished: 0, medianProgress: null });
  });

  it("the track's figures are for owners, managers and the assigned instructor; finance, other instructors and learners get none", async () => {
    for (const token of [s.who.owner, s.who.manager, assigned]) expect(await stats(token)).toMatchObject({ enrolled: 4 });
    for (const token of [s.who.finance, s.who.instructor, s.who.learner, learners[0]?.token, s.who.stranger]) {
      expect(await stats(token)).toBeNull();
    }
  });

  const DETAILS = `query ($id: ID!) { node(id: $id) { ... on Learner { enrollments { edges { node {
    track { name } status progress lessonsDone lessonCount lastActivityAt completedAt } } } } } }`;

  it("the learner details: progress per enrolled track, without a statement per enrollment", async () => {
    const learner = await enrolledLearner(ids.track);
    const one = await statementsOf(s.app, DETAILS, { id: globalId("Learner", learner.id) }, s.who.owner);
    expect(one.result.data.node.enrollments.edges).toEqual([
      {
        node: {
          track: { name: "Progress track" },
          status: "ACTIVE",
          progress: 0,
          lessonsDone: 0,
          lessonCount: 2,
          lastActivityAt: null,
          completedAt: null,
        },
      },
    ]);
    await s.app.services.db.prisma.enrollment.create({ data: { learnerId: learner.id, trackId: ids.other } });
    await complete(ids.otherLesson, learner.token);
    await complete(ids.lessons[0] as string, learner.token);
    const two = await statementsOf(s.app, DETAILS, { id: globalId("Learner", learner.id) }, s.who.finance);
    const nodes = two.result.data.node.enrollments.edges.map((e: { node: unknown }) => e.node);
    expect(nodes).toEqual([
      expect.objectContaining({
        track: { name: "Other progress track" },
        status: "COMPLETED",
        progress: 100,
        lessonsDone: 1,
        lessonCount: 1,
      }),
      expect.objectContaining({
        track: { name: "Progress track" },
        status: "ACTIVE",
        progress: 50,
        lessonsDone: 1,
        lessonCount: 2,
        completedAt: null,
      }),
    ]);
    expect(Date.parse(nodes[0].completedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(nodes[1].lastActivityAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(two.statements).toBe(one.statements);
  });

  it("the learner details are refused to instructors and other learners", async () => {
    const learner = learners[0] as { id: string };
    for (const token of [s.who.instructor, assigned, s.who.otherLearner]) {
      const result = await s.app.graphql(DETAILS, { id: globalId("Learner", learner.id) }, token);
      expect(result.data?.node ?? null).toBeNull();
      expect(refusalOf(result)).not.toBeNull();
    }
  });

  it("the report counts completions per month (UTC), in GraphQL and as the column after enrollments of months.csv", async () => {
    const { prisma } = s.app.services.db;
    const rows = await prisma.enrollment.findMany({ where: { trackId: s.seeded.trackIds[2] as string }, take: 2 });
    const more = await prisma.enrollment.findMany({ where: { trackId: s.seeded.trackIds[3] as string }, take: 1 });
    const at = [new Date("2024-03-01T00:00:00Z"), new Date("2024-03-31T23:59:59Z"), new Date("2024-05-10T12:00:00Z")];
    for (const [i, row] of [...rows, ...more].entries()) {
      await prisma.enrollment.update({ where: { id: row.id }, data: { status: "COMPLETED", completedAt: at[i] } });
    }
    const { data, errors } = await s.app.graphql(
      `query { report(from: "2024-03-01", to: "2024-05-31") { ... on Report { totalCompletions months { month completions } } } }`,
      {},
      s.who.owner,
    );
    expect(errors).toBeUndefined();
    expect(data.report).toEqual({
      totalCompletions: 3,
      months: [
        { month: "2024-03", completions: 2 },
        { month: "2024-04", completions: 0 },
        { month: "2024-05", completions: 1 },
      ],
    });
    const res = await s.app.fetch("/api/reports/months.csv?from=2024-03-01&to=2024-05-31", {
      headers: { authorization: `Bearer ${s.who.owner}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      ["month,revenue,enrollments,completions,currency", "2024-03,0.00,0,2,USD", "2024-04,0.00,0,0,USD", "2024-05,0.00,0,1,USD", ""].join(
        "\n",
      ),
    );
    // The combined export keeps its columns (and, like every export, the amounts' currency last).
    const all = await s.app.fetch("/api/reports/export.csv?from=2024-03-01&to=2024-03-31", {
      headers: { authorization: `Bearer ${s.who.owner}` },
    });
    expect((await all.text()).split("\n")[0]).toBe("month,revenue,enrollments,currency");
    // An instructor does not read the report.
    const refused = await s.app.graphql(`query { report(from: "2024-03-01", to: "2024-05-31") { __typename } }`, {}, s.who.instructor);
    expect(refused.data.report.__typename).toBe("ForbiddenError");
  });

  const UPLOAD = `mutation ($c: ID!, $f: Upload!) { uploadLessonImage(courseId: $c, image: $f) {
    __typename ... on LessonImagePayload { url } ... on Error { message } ... on ValidationError { fieldErrors { field message } } } }`;
  const uploadImage = async (file: Blob, courseId: string, token: string | undefined) => {
    const form = new FormData();
    form.set("operations", JSON.stringify({ query: UPLOAD, variables: { c: globalId("Course", courseId), f: null } }));
    form.set("map", JSON.stringify({ 0: ["variables.f"] }));
    form.set("0", file, "diagram.png");
    const res = await s.app.fetch("/graphql", {
      method: "POST",
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "x-graphql-yoga-csrf": "1" },
      body: form,
    });
    return (await res.json()) as { data?: any; errors?: unknown[] };
  };
  const png = () => new Blob([new Uint8Array(coverImage([10, 20, 30], [200, 100, 0], 40, 20))], { type: "image/png" });

  it("an image for a lesson's Markdown: stored like track images by staff who may edit the course, checked by content", async () => {
    const { prisma } = s.app.services.db;
    const course = await prisma.course.findFirstOrThrow({ where: { trackId: ids.track } });
    for (const token of [s.who.owner, s.who.manager, assigned]) {
      const good = await uploadImage(png(), course.id, token);
      expect(good.data?.uploadLessonImage.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
      const served = await s.app.fetch(good.data?.uploadLessonImage.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
    }
    const bad = await uploadImage(new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), course.id, s.who.owner);
    expect(bad.data?.uploadLessonImage).toEqual({
      __typename: "ValidationError",
      message: expect.any(String),
      fieldErrors: [{ field: "image", message: "Image must be a JPEG, PNG or WebP file." }],
    });
    // An instructor not assigned to the track: refused with the reason.
    const other = await uploadImage(png(), course.id, s.who.instructor);
    expect(other.data?.uploadLessonImage).toMatchObject({ __typename: "ForbiddenError" });
    // Finance, learners and nobody may not upload at all.
    for (const token of [s.who.finance, s.who.learner, s.who.stranger]) {
      const refused = await uploadImage(png(), course.id, token);
      expect(refused.data?.uploadLessonImage.__typename, String(token)).toBe(token ? "ForbiddenError" : "NotAuthenticatedError");
    }
    const none = await s.app.graphql(
      UPLOAD.replace("$f: Upload!", "$f: Upload"),
      { c: globalId("Course", course.id), f: null },
      s.who.owner,
    );
    expect(none.data.uploadLessonImage.fieldErrors).toEqual([{ field: "image", message: "Choose an image to upload." }]);
    const missing = await uploadImage(png(), "00000000-0000-4000-8000-000000000000", s.who.owner);
    expect(missing.data?.uploadLessonImage).toMatchObject({ __typename: "NotFoundError" });
  });
});

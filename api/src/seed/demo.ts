import { randomBytes } from "node:crypto";
import { type Database, type PrismaClient, withAdvisoryLock } from "../db/client.ts";
import { hashPassword } from "../domain/accounts/passwords.ts";
import { markLessonDoneWithin } from "../domain/learning/progress.ts";
import type { FileStorage } from "../storage/storage.ts";
import { coverImage } from "./images.ts";
import { seedLessonMedia } from "./lesson-media.ts";
import { seedQuizFor } from "./quiz.ts";

export const DEMO_ADMIN = { email: "admin@learnhub.test", password: "Demo@Admin2026" };
export const DEMO_LEARNER = { email: "learner@learnhub.test", password: "Demo@Learner2026" };
/** One staff account of each other role (the demo admin is the owner), with the demo admin's password. */
export const DEMO_STAFF = [
  { firstName: "Musa", lastName: "Bello", email: "manager@learnhub.test", staffRole: "MANAGER" },
  { firstName: "Ngozi", lastName: "Eze", email: "finance@learnhub.test", staffRole: "FINANCE" },
  { firstName: "Tunde", lastName: "Okafor", email: "instructor@learnhub.test", staffRole: "INSTRUCTOR" },
] as const;

type Rgb = [number, number, number];

const TRACKS: {
  name: string;
  price: number;
  duration: string;
  instructor: string;
  description: string;
  colors: [Rgb, Rgb];
  courses: string[];
}[] = [
  {
    name: "Cloud Computing Fundamentals",
    price: 350,
    duration: "12 weeks",
    instructor: "Amara Okafor",
    description:
      "Learn how modern applications run in the cloud: compute, storage, networking and identity on AWS and Azure, then design, deploy and secure your own cloud architecture.",
    colors: [
      [37, 99, 235],
      [14, 165, 233],
    ],
    courses: ["AWS Essentials", "Azure Fundamentals", "Cloud Security Basics", "Serverless Architecture"],
  },
  {
    name: "Software Engineering",
    price: 499.99,
    duration: "16 weeks",
    instructor: "David Mensah",
    description:
      "From JavaScript fundamentals to production React and Node.js services, with testing, code review and continuous integration practised on real projects.",
    colors: [
      [124, 58, 237],
      [236, 72, 153],
    ],
    courses: ["JavaScript Fundamentals", "React Development", "Node.js APIs", "Testing and CI"],
  },
  {
    name: "Data Science and Analytics",
    price: 420,
    duration: "14 weeks",
    instructor: "Fatima Bello",
    description:
      "Clean, analyse and visualise data with Python and SQL, then build and evaluate your first machine-learning models on real datasets.",
    colors: [
      [5, 150, 105],
      [132, 204, 22],
    ],
    courses: ["Python for Data", "SQL Analytics", "Machine Learning Basics", "Data Visualisation"],
  },
  {
    name: "Cybersecurity Essentials",
    price: 380,
    duration: "10 weeks",
    instructor: "Kwame Asante",
    description:
      "Understand how attacks work and how to stop them: network defence, ethical hacking and incident response, with hands-on labs.",
    colors: [
      [15, 23, 42],
      [71, 85, 105],
    ],
    courses: ["Network Security", "Ethical Hacking", "Incident Response"],
  },
  {
    name: "UI/UX Design",
    price: 300,
    duration: "8 weeks",
    instructor: "Zainab Yusuf",
    description:
      "Design products people love: research users, sketch and prototype in Figma, and test your ideas before a line of code is written.",
    colors: [
      [234, 88, 12],
      [250, 204, 21],
    ],
    courses: ["Design Thinking", "Figma Prototyping", "User Research"],
  },
  {
    name: "DevOps Engineering",
    price: 450,
    duration: "12 weeks",
    instructor: "Tunde Adeyemi",
    description:
      "Automate everything between a commit and production: Linux, containers, Kubernetes, infrastructure as code and monitoring.",
    colors: [
      [8, 145, 178],
      [99, 102, 241],
    ],
    courses: ["Linux Administration", "Docker and Kubernetes", "Infrastructure as Code"],
  },
  {
    name: "Product Management",
    price: 280,
    duration: "6 weeks",
    instructor: "Grace Njoroge",
    description:
      "Discover what to build and why: product discovery, roadmaps, metrics and agile delivery with engineering and design teams.",
    colors: [
      [190, 18, 60],
      [251, 113, 133],
    ],
    courses: ["Product Discovery", "Roadmapping", "Agile Delivery"],
  },
  {
    name: "Introduction to Programming",
    price: 0,
    duration: "4 weeks",
    instructor: "Samuel Ofori",
    description: "A free first step: variables, loops and functions in Python, and how to think through a problem like a programmer.",
    colors: [
      [22, 163, 74],
      [20, 184, 166],
    ],
    courses: ["Programming Basics", "Problem Solving"],
  },
];

const LEARNERS: [string, string, "MALE" | "FEMALE", string][] = [
  ["Ada", "Nwosu", "FEMALE", "Lagos, Nigeria"],
  ["Kofi", "Boateng", "MALE", "Accra, Ghana"],
  ["Wanjiru", "Kamau", "FEMALE", "Nairobi, Kenya"],
  ["Thabo", "Nkosi", "MALE", "Johannesburg, South Africa"],
  ["Chiamaka", "Eze", "FEMALE", "Abuja, Nigeria"],
  ["Yaw", "Owusu", "MALE", "Kumasi, Ghana"],
  ["Amina", "Hassan", "FEMALE", "Mombasa, Kenya"],
  ["Sipho", "Dlamini", "MALE", "Cape Town, South Africa"],
  ["Ngozi", "Obi", "FEMALE", "Enugu, Nigeria"],
  ["Kwesi", "Mensah", "MALE", "Takoradi, Ghana"],
  ["Halima", "Abdi", "FEMALE", "Kisumu, Kenya"],
  ["Lerato", "Molefe", "FEMALE", "Pretoria, South Africa"],
];

/** A small deterministic generator so the demo looks the same on every machine. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const DAY = 24 * 60 * 60 * 1000;

export interface DemoSeedOptions {
  /**
   * Give the demo accounts new random passwords instead of the published ones (DEMO_ADMIN, DEMO_LEARNER), for a
   * demo on a reachable server: the result is the only place they appear.
   */
  randomPasswords?: boolean;
}

/** Meets the password rules (upper, lower, digit, symbol) with 120 random bits. */
const randomPassword = () => `Demo-1-${randomBytes(15).toString("base64url")}`;

/**
 * Fills an empty database with a demo admin, tracks with courses, learners, enrollments, ratings and invoices
 * spread over the last six months, so every screen has something to show. Does nothing if an admin exists
 * (`seeded: false`); the demo logins are then whatever they were made with.
 */
/**
 * `seedDemoData` for a process that starts beside others on one database (several API instances): under an advisory
 * lock, so one seeds and the others find an admin and do nothing.
 */
export function seedDemoDataOnce(db: Database, storage: FileStorage, now = new Date(), options: DemoSeedOptions = {}) {
  return withAdvisoryLock(db.sql, SEED_LOCK_KEY, () => seedDemoData(db.prisma, storage, now, options));
}

// Beside the migrations' key (db/migrate.ts), which Prisma's schema engine also takes.
const SEED_LOCK_KEY = 72707370;

export async function seedDemoData(prisma: PrismaClient, storage: FileStorage, now = new Date(), options: DemoSeedOptions = {}) {
  const login = (account: { email: string; password: string }) =>
    options.randomPasswords ? { email: account.email, password: randomPassword() } : account;
  const result: {
    seeded: boolean;
    admin: { email: string; password: string };
    learner: { email: string; password: string };
    lessons?: DemoLessonHooks;
  } = {
    seeded: false,
    admin: login(DEMO_ADMIN),
    learner: login(DEMO_LEARNER),
  };
  if ((await prisma.admin.count()) > 0) return result;
  result.seeded = true;
  const rand = random(42);
  const [adminHash, learnerHash] = await Promise.all([hashPassword(result.admin.password), hashPassword(result.learner.password)]);

  await prisma.admin.create({
    data: {
      firstName: "Grace",
      lastName: "Adeyemi",
      email: DEMO_ADMIN.email,
      contact: "+234 801 234 5678",
      passwordHash: adminHash,
      emailVerifiedAt: now,
      staffRole: "OWNER",
      approvedAt: now,
    },
  });
  const staff = [];
  for (const [i, member] of DEMO_STAFF.entries()) {
    staff.push(
      await prisma.admin.create({
        data: { ...member, contact: `+234 801 234 56${80 + i}`, passwordHash: adminHash, emailVerifiedAt: now, approvedAt: now },
      }),
    );
  }

  const tracks = [];
  for (const [i, t] of TRACKS.entries()) {
    const image = await storage.put(coverImage(t.colors[0], t.colors[1]), "png");
    const createdAt = new Date(now.getTime() - (200 - i * 20) * DAY);
    tracks.push(
      await prisma.track.create({
        data: {
          name: t.name,
          priceCents: Math.round(t.price * 100),
          duration: t.duration,
          instructor: t.instructor,
          description: t.description,
          image,
          createdAt,
          updatedAt: createdAt,
          courses: {
            create: t.courses.map((title, j) => ({
              title,
              description: `${title}: a hands-on course of the ${t.name} track.`,
              createdAt: new Date(createdAt.getTime() + j * 60_000),
            })),
          },
        },
      }),
    );
  }
  // The demo instructor teaches the first two tracks.
  const instructor = staff.find((m) => m.staffRole === "INSTRUCTOR");
  if (instructor) {
    await prisma.trackInstructor.createMany({ data: tracks.slice(0, 2).map((t) => ({ trackId: t.id, adminId: instructor.id })) });
  }

  const learners = [];
  for (const [i, [firstName, lastName, gender, location]] of LEARNERS.entries()) {
    const isDemo = i === 0;
    learners.push(
      await prisma.learner.create({
        data: {
          firstName,
          lastName,
          email: isDemo ? DEMO_LEARNER.email : `${firstName}.${lastName}@example.com`.toLowerCase(),
          contact: `+234 80${i} 555 01${String(i).padStart(2, "0")}`,
          passwordHash: learnerHash,
          gender,
          location,
          bio: `${firstName} is learning new skills to grow a career in tech.`,
          emailVerifiedAt: now,
          createdAt: new Date(now.getTime() - Math.floor(170 - i * 12) * DAY),
        },
      }),
    );
  }

  // Enrollments with their paid invoices, spread over the last six months; a few invoices still pending.
  for (const [i, learner] of learners.entries()) {
    const picks = new Set<number>([i % tracks.length, (i * 3 + 1) % (tracks.length - 1)]);
    for (const ti of picks) {
      const track = tracks[ti] as (typeof tracks)[number];
      const at = new Date(Math.max(learner.createdAt.getTime(), now.getTime() - Math.floor(rand() * 175) * DAY));
      await prisma.enrollment.create({ data: { learnerId: learner.id, trackId: track.id, createdAt: at } });
      if (track.priceCents > 0) {
        await prisma.invoice.create({
          data: {
            learnerId: learner.id,
            trackId: track.id,
            amountCents: track.priceCents,
            status: "PAID",
            paidAt: at,
            paymentDetails: rand() < 0.5 ? "Card payment (Paystack)" : "Bank transfer",
            createdAt: at,
            updatedAt: at,
          },
        });
      }
      if (rand() < 0.7) {
        await prisma.rating.create({
          data: { learnerId: learner.id, trackId: track.id, value: 3 + Math.floor(rand() * 3), createdAt: at },
        });
      }
    }
    if (i % 3 === 1) {
      const track = tracks[(i + 2) % (tracks.length - 1)] as (typeof tracks)[number];
      const at = new Date(now.getTime() - Math.floor(rand() * 20) * DAY);
      await prisma.invoice.create({
        data: {
          learnerId: learner.id,
          trackId: track.id,
          amountCents: track.priceCents,
          status: "PENDING",
          dueDate: new Date(at.getTime() + 14 * DAY),
          paymentDetails: "Mobile money",
          createdAt: at,
          updatedAt: at,
        },
      });
    }
  }
  result.lessons = await seedLessons(
    prisma,
    storage,
    tracks,
    learners.map((l) => l.id),
    now,
  );
  // Ratings were inserted directly; bring the tracks' running totals in line with them.
  await prisma.$executeRaw`
    UPDATE "Track" t SET "ratingCount" = r.count, "ratingTotal" = r.total
    FROM (SELECT "trackId", count(*)::int AS count, sum("value")::int AS total FROM "Rating" GROUP BY "trackId") r
    WHERE r."trackId" = t."id"`;
  return result;
}

/** The cloud track's "What you'll learn" bullets: the six the product's first page showed for every track. */
export const CLOUD_OUTCOMES = [
  "Understand core cloud concepts and the IaaS, PaaS and SaaS service models",
  "Deploy and manage applications on leading cloud platforms such as AWS and Azure",
  "Design scalable, highly available and fault-tolerant cloud architectures",
  "Secure cloud resources with identity, access management and network controls",
  "Automate infrastructure with infrastructure-as-code and CI/CD pipelines",
  "Monitor workloads and keep cloud costs under control",
];

function textLesson(course: string, n: number, image: string): string {
  return [
    `## ${course}, part ${n}`,
    "",
    `In this lesson you practise one idea of **${course}** step by step. Read the example, run it, then change it.`,
    "",
    `![How the parts of ${course} fit together](${image})`,
    "",
    "```ts",
    `// ${course}: a first example`,
    "function greet(name: string): string {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of the lesson's TypeScript example, not a template
    "  return `Hello, ${name}!`;",
    "}",
    'console.log(greet("LearnHub"));',
    "```",
    "",
    "```bash",
    "npm install",
    "npm test",
    "```",
    "",
    "- Keep each step small.",
    "- Check the result before moving on.",
    "",
    "> Tip: mark the lesson complete when you are done, then press **Next**.",
  ].join("\n");
}

/**
 * The lessons whose content other parts of the product fill in, per demo track: the video lesson (its uploaded media),
 * the file lesson (its attachments) and the quiz lesson (its questions). The seed creates the rows with their kinds;
 * the media, attachment and quiz seeders take these ids.
 */
export interface DemoLessonHooks {
  video: { trackId: string; lessonId: string }[];
  file: { trackId: string; lessonId: string }[];
  quiz: { trackId: string; lessonId: string }[];
}

type DemoLesson = {
  title: string;
  kind: "TEXT" | "VIDEO" | "FILE" | "QUIZ";
  minutes: number;
  freePreview?: boolean;
  body?: string;
  videoUrl?: string;
};

/**
 * Every demo track's lessons: its first course opens with a free-preview text lesson, a video, a hands-on text lesson
 * and a file lesson (handouts); every course has text lessons with code and an image (one generated PNG, stored as an
 * uploaded lesson image is); the last course ends with a quiz. Progress goes through markLessonDoneWithin, the one path
 * that marks lessons done: the demo learner has finished their second track and is half-way through their first, and
 * other learners are at various points, so the staff views (track figures, the report's completions) show something.
 */
async function seedLessons(
  prisma: PrismaClient,
  storage: FileStorage,
  tracks: { id: string; name: string }[],
  learnerIds: string[],
  now: Date,
): Promise<DemoLessonHooks> {
  const hooks: DemoLessonHooks = { video: [], file: [], quiz: [] };
  const image = await storage.put(coverImage([37, 99, 235], [16, 185, 129], 480, 240), "png");
  const ordered: Record<string, string[]> = {};
  for (const [ti, track] of tracks.entries()) {
    const courses = await prisma.course.findMany({ where: { trackId: track.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    await prisma.track.update({
      where: { id: track.id },
      data: { outcomes: ti === 0 ? CLOUD_OUTCOMES : courses.map((c) => `Work confidently with ${c.title.toLowerCase()}`) },
    });
    ordered[track.id] = [];
    for (const [ci, course] of courses.entries()) {
      const lessons: DemoLesson[] =
        ci === 0
          ? [
              {
                title: `Welcome to ${course.title}`,
                kind: "TEXT",
                minutes: 5,
                freePreview: true,
                body: textLesson(course.title, 1, image),
              },
              // An uploaded video (seedLessonMedia stores the demo clip), played by the site's own player.
              { title: `${course.title} in one short video`, kind: "VIDEO", minutes: 10 },
              { title: `Hands-on: ${course.title}`, kind: "TEXT", minutes: 20, body: textLesson(course.title, 2, image) },
              { title: `${course.title}: handouts`, kind: "FILE", minutes: 5, body: "The slides and the exercise files of this course." },
            ]
          : [
              { title: `${course.title}: the basics`, kind: "TEXT", minutes: 15, body: textLesson(course.title, 1, image) },
              { title: `${course.title}: practice`, kind: "TEXT", minutes: 25, body: textLesson(course.title, 2, image) },
            ];
      if (ci === courses.length - 1) lessons.push({ title: `${track.name}: check your understanding`, kind: "QUIZ", minutes: 10 });
      for (const [position, lesson] of lessons.entries()) {
        const row = await prisma.lesson.create({ data: { ...lesson, courseId: course.id, position }, select: { id: true } });
        ordered[track.id]?.push(row.id);
        if (lesson.kind === "VIDEO") hooks.video.push({ trackId: track.id, lessonId: row.id });
        if (lesson.kind === "FILE") hooks.file.push({ trackId: track.id, lessonId: row.id });
        if (lesson.kind === "QUIZ") hooks.quiz.push({ trackId: track.id, lessonId: row.id });
      }
    }
  }
  // The video clip, the handout PDF and the quizzes, before any progress is recorded.
  await seedLessonMedia(
    { db: { prisma }, storage },
    { videoLessonIds: hooks.video.map((h) => h.lessonId), fileLessonIds: hooks.file.map((h) => h.lessonId) },
  );
  const trackNames = new Map(tracks.map((t) => [t.id, t.name]));
  for (const { trackId, lessonId } of hooks.quiz) await seedQuizFor(prisma, lessonId, trackNames.get(trackId) ?? "");

  /** Marks the first `share` of the track's lessons done for the learner, as if done `daysAgo` days before now. */
  const progress = async (learnerId: string, trackId: string, share: number, daysAgo: number) => {
    const lessonIds = (ordered[trackId] ?? []).slice(0, Math.floor((ordered[trackId]?.length ?? 0) * share));
    for (const lessonId of lessonIds) {
      await prisma.$transaction((tx) => markLessonDoneWithin(tx, learnerId, lessonId, trackId));
    }
    if (daysAgo > 0 && lessonIds.length > 0) {
      // Finished in an earlier month, so the report's completions per month has a history.
      const at = new Date(now.getTime() - daysAgo * DAY);
      await prisma.lessonProgress.updateMany({
        where: { learnerId, lessonId: { in: lessonIds } },
        data: { completedAt: at, lastSeenAt: at },
      });
      await prisma.enrollment.updateMany({ where: { learnerId, trackId, completedAt: { not: null } }, data: { completedAt: at } });
    }
  };
  const enrollments = await prisma.enrollment.findMany({
    where: { learnerId: { in: learnerIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { learnerId: true, trackId: true },
  });
  const [demo, ...others] = learnerIds;
  const [firstTrack, secondTrack] = tracks;
  if (demo && firstTrack && secondTrack) {
    const enrolled = (trackId: string) => enrollments.some((e) => e.learnerId === demo && e.trackId === trackId);
    if (enrolled(secondTrack.id)) await progress(demo, secondTrack.id, 1, 0);
    if (enrolled(firstTrack.id)) await progress(demo, firstTrack.id, 0.5, 0);
  }
  // Other learners: finished, half-way, a quarter or not started, some months ago.
  const shares = [1, 0.5, 1, 0.25, 0, 1, 0.5];
  for (const [i, learnerId] of others.entries()) {
    const enrollment = enrollments.find((e) => e.learnerId === learnerId);
    const share = shares[i % shares.length] ?? 0;
    if (enrollment && share > 0) await progress(learnerId, enrollment.trackId, share, 10 + i * 23);
  }
  return hooks;
}

/**
 * Video range requests (`npm run bench`, "media"): a lesson video of MEDIA_MB (default 20) MiB played by an enrolled
 * learner through its signed address (`Lesson.videoSrc`), 1 MiB ranges at a fixed concurrency, against a bare static
 * file server sending the same file's same ranges from disk (bench/static-file.ts), in alternating rounds; medians
 * of the rounds. Ours runs the whole path a browser's player takes: signature, session, the lesson's access rule
 * (the enrollment read afresh), the media row, then the private storage's ranged stream.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "#testing/ports.ts";
import { EMBEDDED_ENV, waitHealthy } from "#testing/server.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { migrate } from "../api/src/db/migrate.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { newMediaKey } from "../api/src/domain/learning/media.ts";
import { DEMO_LEARNER, seedDemoData } from "../api/src/seed/demo.ts";
import { localStorage } from "../api/src/storage/storage.ts";
import { serverCommand } from "../scripts/server-command.mjs";
import { log, median, settle, startChild, tempDir } from "./proc.ts";

export interface MediaSide {
  /** Bytes per second of good (206) answers. */
  bytesPerSecond: number;
  p99: number;
  errors: number;
  requests: number;
}

export interface MediaRun {
  sizeBytes: number;
  rangeBytes: number;
  connections: number;
  rounds: number;
  ours: MediaSide;
  static: MediaSide;
  ratio: number;
}

const MIB = 1024 * 1024;

/** The demo learner's session and a video lesson of a track she is enrolled in, holding a `sizeBytes` object. */
async function prepare(dataDir: string, sizeBytes: number) {
  const storage = localStorage(dataDir);
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db.sql);
    await seedDemoData(db.prisma, storage);
    const learner = await db.prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
    const media = await db.prisma.lessonMedia.findFirstOrThrow({
      where: { kind: "VIDEO", lesson: { course: { track: { enrollments: { some: { learnerId: learner.id } } } } } },
    });
    // A WebM header, then random bytes (incompressible, as video is).
    const bytes = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(sizeBytes - 4)]);
    const key = newMediaKey(media.lessonId, "webm");
    await storage.putPrivate(key, bytes, "video/webm");
    await db.prisma.lessonMedia.update({ where: { id: media.id }, data: { key, size: BigInt(bytes.length) } });
    const token = await createSession(db.prisma, "LEARNER", learner.id);
    return { bytes, token, lessonId: media.lessonId };
  } finally {
    await db.close();
  }
}

async function round(url: string, range: string, seconds: number, connections: number): Promise<MediaSide> {
  const result = await autocannon({ url, headers: { range }, connections, pipelining: 1, duration: seconds, timeout: 10 });
  const good = result.statusCodeStats?.["206"]?.count ?? 0;
  const rangeBytes = (() => {
    const [a, b] = range.replace("bytes=", "").split("-").map(Number);
    return (b as number) - (a as number) + 1;
  })();
  return {
    bytesPerSecond: (good * rangeBytes) / result.duration,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - good),
    requests: result.requests.total,
  };
}

export async function runMedia(options: { durationS: number; rounds: number; warmupS: number; connections?: number }): Promise<MediaRun> {
  const sizeBytes = Number(process.env.MEDIA_MB || 20) * MIB;
  const connections = options.connections ?? 10;
  const dataDir = tempDir("media-data");
  log(`media: preparing a ${sizeBytes / MIB} MiB lesson video`);
  const { bytes, token, lessonId } = await prepare(dataDir, sizeBytes);
  const file = join(tempDir("media-static"), "video.webm");
  writeFileSync(file, bytes);

  const oursPort = await freePort();
  const command = serverCommand("api", {});
  const ours = startChild(process.execPath, command.args, {
    ...command.env,
    ...EMBEDDED_ENV,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PORT: String(oursPort),
    PUBLIC_URL: `http://127.0.0.1:${oursPort}`,
  });
  const staticPort = await freePort();
  const bare = startChild(process.execPath, ["--import", "tsx", "bench/static-file.ts"], {
    STATIC_PORT: String(staticPort),
    STATIC_FILE: file,
    STATIC_CONTENT_TYPE: "video/webm",
  });
  const oursUrl = `http://127.0.0.1:${oursPort}`;
  const staticUrl = `http://127.0.0.1:${staticPort}/video.webm`;
  try {
    await Promise.all([waitHealthy(`${oursUrl}/readyz`, ours), waitHealthy(`http://127.0.0.1:${staticPort}/healthz`, bare)]);
    // The address the player gets, as the player gets it.
    const res = await fetch(`${oursUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: "query ($id: ID!) { node(id: $id) { ... on Lesson { videoSrc } } }",
        variables: { id: Buffer.from(`Lesson:${lessonId}`).toString("base64") },
      }),
    });
    const src = ((await res.json()) as { data?: { node?: { videoSrc?: string } } }).data?.node?.videoSrc;
    if (!src) throw new Error("the demo learner's video lesson has no videoSrc");
    const oursVideo = `${oursUrl}${src}`;
    // A range in the middle of the file, as a player seeking asks.
    const start = Math.floor(sizeBytes / 2 / MIB) * MIB;
    const range = `bytes=${start}-${start + MIB - 1}`;
    const check = await fetch(oursVideo, { headers: { range } });
    const body = Buffer.from(await check.arrayBuffer());
    if (check.status !== 206 || !body.equals(bytes.subarray(start, start + MIB))) {
      throw new Error(`ours answered ${check.status} with ${body.length} bytes that are not the range asked for`);
    }
    await round(oursVideo, range, options.warmupS, connections);
    await round(staticUrl, range, options.warmupS, connections);
    const oursRuns: MediaSide[] = [];
    const staticRuns: MediaSide[] = [];
    for (let i = 0; i < options.rounds; i++) {
      await settle(ours.pid);
      oursRuns.push(await round(oursVideo, range, options.durationS, connections));
      await settle(bare.pid);
      staticRuns.push(await round(staticUrl, range, options.durationS, connections));
    }
    const mid = (runs: MediaSide[]): MediaSide => ({
      bytesPerSecond: median(runs.map((r) => r.bytesPerSecond)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      requests: runs.reduce((sum, r) => sum + r.requests, 0),
    });
    const oursSide = mid(oursRuns);
    const staticSide = mid(staticRuns);
    return {
      sizeBytes,
      rangeBytes: MIB,
      connections,
      rounds: options.rounds,
      ours: oursSide,
      static: staticSide,
      ratio: staticSide.bytesPerSecond ? oursSide.bytesPerSecond / staticSide.bytesPerSecond : 0,
    };
  } finally {
    await Promise.all([ours.stop(), bare.stop()]);
  }
}

// How the API and worker bundles are started, shared by `npm start`, `npm run worker`, Docker, the bench and the
// reliability suite, so that what is measured is what runs.
//
// - The V8 heap is capped (HEAP_MB, default 192 MB): without a cap V8 lets garbage pile up under load to several
//   times the live heap under the bench; with it, it collects sooner and the process stays within the bench's
//   memory budgets (README "Performance"). Requests in progress are capped too (OVERLOAD_MAX_IN_FLIGHT), which bounds
//   the live heap. Raise HEAP_MB for a much larger catalogue.
// - glibc is told to return large freed blocks to the system at once: each password hash takes 19 MiB (argon2id) on
//   a worker thread, and glibc's adaptive threshold would otherwise keep those blocks resident after the first ones.
// - Stack traces name the bundle's lines (api/dist/main.js:LINE, unminified, with the source's function names) unless
//   SOURCE_MAPS=true: Node's --enable-source-maps parses every loaded source map up front and keeps it, tens of
//   MB of resident memory a process (README "Performance"; docs/SCALING.md), for traces read only when
//   debugging.
// - WebAssembly runs on V8's baseline compiler only (--liftoff-only): the embedded database (PGlite) and Prisma's query
//   compiler are WebAssembly, and V8 otherwise compiles their hot functions a second time with its optimizing
//   compiler and keeps both, tens of MB of resident memory in the embedded API under the bench's load, for no
//   throughput the bench could tell apart (README "Performance" has the figures); with PostgreSQL only Prisma's query compiler is WebAssembly, and it runs once per query
//   shape (Prisma keeps the plans).

/** @param {"api" | "worker"} role */
export function serverCommand(role, env = process.env) {
  const heapMb = Number(env.HEAP_MB || 192);
  if (!Number.isInteger(heapMb) || heapMb < 64) throw new Error("HEAP_MB must be a whole number of megabytes, at least 64");
  return {
    args: [
      `--max-old-space-size=${heapMb}`,
      "--liftoff-only",
      ...(env.SOURCE_MAPS === "true" ? ["--enable-source-maps"] : []),
      `${role}/dist/main.js`,
    ],
    env: { MALLOC_MMAP_THRESHOLD_: "131072", ...env },
  };
}

import { createAppPubSub } from "../../api/src/events/pubsub.ts";

/**
 * Run as its own process by reliability/jobs.test.ts: publishes a live event while Redis is unreachable, as a worker
 * does after settling a payment. Exits 0 if the process survives the failed publish (Node ends a process on an
 * unhandled rejection).
 */
const pubsub = createAppPubSub(process.argv[2] ?? "redis://127.0.0.1:1");
pubsub.publish("payment", "ref-down", { reference: "ref-down", status: "PAID" });
await new Promise((resolve) => setTimeout(resolve, 4000));
await pubsub.close();
process.exit(0);

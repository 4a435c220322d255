import type { SandboxScheduler } from "./scheduler.ts";

interface Timer {
  due: number;
  order: number;
  fire(): void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A scheduler whose time moves only when a test says so: `advance(ms)` fires, in order, every wait due by then, and
 * lets what each one starts (a webhook delivery, the next wait) run before the next fires. A zero wait still
 * resolves on its own, on the next turn of the event loop, as with the real clock.
 */
export class ManualScheduler implements SandboxScheduler {
  #now: number;
  #timers: Timer[] = [];
  #order = 0;

  constructor(start: Date = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return nextTurn();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(signal?.reason);
      };
      const timer: Timer = {
        due: this.#now + ms,
        order: this.#order++,
        fire: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#timers.push(timer);
    });
  }

  /** Waits not yet due. */
  get waiting(): number {
    return this.#timers.length;
  }

  /** Moves time on by `ms`, firing every wait due by then. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await nextTurn();
    for (;;) {
      const due = this.#timers.filter((t) => t.due <= target).sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.due);
      due.fire();
      // Twice: a fired wait's continuation may itself start work that finishes a turn later.
      await nextTurn();
      await nextTurn();
    }
    this.#now = target;
  }
}

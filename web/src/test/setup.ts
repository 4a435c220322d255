import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { toast } from "../shared/ui/toasts.ts";

// relay-test-utils' mock environment builds its spies with the global `jest`; vitest's `vi` has the same API.
Object.assign(globalThis, { jest: vi });

// A page's first render loads its lazy route module, which vitest transforms on demand: on a busy machine (CI runs
// test files side by side on two cores) that alone can pass Testing Library's default second of `findBy`/`waitFor`.
// Waiting longer changes no outcome: a passing wait returns as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test by itself only when test globals are on; they are off here.
afterEach(cleanup);
// The toast queue is module state: each test starts without toasts.
afterEach(() => toast.clear());

// The pages talk to a mock Relay environment; a plain request (the "test payments" banner asks on its own) fails at
// once, as offline, instead of trying a server on jsdom's localhost. Tests that expect a request spy on fetch themselves.
beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
});
afterEach(() => vi.restoreAllMocks());

import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// relay-test-utils' mock environment builds its spies with the global `jest`; vitest's `vi` has the same API.
Object.assign(globalThis, { jest: vi });

// Testing Library unmounts after each test by itself only when test globals are on; they are off here.
afterEach(cleanup);

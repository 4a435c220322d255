import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CourseCounter } from "./CourseCounter.tsx";
import { COUNT_DURATION_MS, COURSE_COUNT } from "./Stats.tsx";

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports the observed element as visible (or not). */
  show(isIntersecting = true) {
    const entries = this.observed.map((target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 0.5 : 0 }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

const counter = () => screen.getByTestId("course-counter").textContent;

beforeEach(() => {
  FakeObserver.instances = [];
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance", "setTimeout"] });
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("course counter", () => {
  it("counts from 0 to 4 over 1900 ms once half of it is visible, and only once", () => {
    expect([COURSE_COUNT, COUNT_DURATION_MS]).toEqual([4, 1900]);
    render(<CourseCounter to={COURSE_COUNT} duration={COUNT_DURATION_MS} />);
    const [observer] = FakeObserver.instances;
    expect(observer!.options).toEqual({ threshold: 0.5 });
    expect(counter()).toBe("0");

    act(() => observer!.show(false));
    act(() => vi.advanceTimersByTime(2000));
    expect(counter()).toBe("0");

    act(() => observer!.show());
    expect(observer!.disconnected).toBe(true);
    act(() => vi.advanceTimersByTime(600));
    const midway = Number(counter());
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(4);
    act(() => vi.advanceTimersByTime(1400));
    expect(counter()).toBe("4");
    act(() => vi.advanceTimersByTime(5000));
    expect(counter()).toBe("4");
    // Screen readers get the final figure only.
    expect(screen.getByTestId("course-counter").getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByText("4", { selector: ".visually-hidden" })).toBeTruthy();
  });

  it("shows 4 at once when the visitor prefers reduced motion", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
    render(<CourseCounter to={COURSE_COUNT} duration={COUNT_DURATION_MS} />);
    expect(counter()).toBe("4");
    expect(FakeObserver.instances).toEqual([]);
  });
});

import { useEffect, useRef, useState } from "react";

interface CourseCounterProps {
  /** The figure the count ends at. */
  to: number;
  /** How long the count takes, in milliseconds. */
  duration: number;
}

/** Eases out, so the count slows down as it lands. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * A number that counts up from 0 once, when half of it has scrolled into view (docs/product.md, Limits: 0 to 4 over 1900 ms at
 * 50% visibility). With reduced motion, or without IntersectionObserver, it shows the final figure at once.
 * Screen readers get the final figure only, not every step.
 */
export function CourseCounter({ to, duration }: CourseCounterProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(0);

  useEffect(() => {
    const element = ref.current;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    if (!element || reduceMotion || typeof IntersectionObserver === "undefined") {
      setValue(to);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const progress = Math.min(Math.max((now - start) / duration, 0), 1);
          setValue(Math.round(easeOut(progress) * to));
          if (progress < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [to, duration]);

  return (
    <>
      <span ref={ref} aria-hidden="true" data-testid="course-counter">
        {value}
      </span>
      <span className="visually-hidden">{to}</span>
    </>
  );
}

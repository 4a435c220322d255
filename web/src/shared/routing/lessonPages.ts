import { UUID_PATTERN } from "../../../../common/formats.ts";
import { plainTrackId } from "./trackIds.ts";

/**
 * The addresses of the learning pages name records by their plain ids, as track pages do (trackIds.ts); these turn
 * a Relay global id into that form and back.
 */
function plainId(type: string, id: string): string {
  if (UUID_PATTERN.test(id)) return id;
  try {
    const decoded = atob(id);
    return decoded.startsWith(`${type}:`) ? decoded.slice(type.length + 1) : id;
  } catch {
    return id;
  }
}

/** The player's address of a lesson: /portal/learn/{trackId}/{lessonId}. */
export function playerPath(trackId: string, lessonId: string): string {
  return `/portal/learn/${encodeURIComponent(plainTrackId(trackId))}/${encodeURIComponent(plainId("Lesson", lessonId))}`;
}

/** The admin page of a course's lessons: /courses/{courseId}/lessons. */
export function courseLessonsPath(courseId: string): string {
  return `/courses/${encodeURIComponent(plainId("Course", courseId))}/lessons`;
}

/** "45 min", "1 h", "2 h 5 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

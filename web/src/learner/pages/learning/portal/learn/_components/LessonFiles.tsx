import { graphql, useFragment } from "react-relay/hooks";
import { Markdown } from "../../../../../../shared/ui/Markdown.tsx";
import type { LessonFiles_lesson$key } from "./__generated__/LessonFiles_lesson.graphql.ts";

const fragment = graphql`
  fragment LessonFiles_lesson on Lesson {
    body
    files {
      id
      name
      contentType
      size
      url
    }
  }
`;

const TYPE_NAMES: Record<string, string> = { "application/pdf": "PDF", "application/zip": "ZIP" };

function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** A FILE lesson: its text (if any), then its attachments as download links with their name, type and size. */
export function LessonFiles({ lesson: key }: { lesson: LessonFiles_lesson$key }) {
  const lesson = useFragment(fragment, key);
  return (
    <div style={{ display: "grid", gap: "1rem" }}>
      {lesson.body ? <Markdown text={lesson.body} /> : null}
      {lesson.files.length === 0 ? (
        <p>No files yet.</p>
      ) : (
        <ul aria-label="Files" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "0.5rem" }}>
          {lesson.files.map((file) => (
            <li key={file.id} style={{ overflowWrap: "anywhere" }}>
              <a href={file.url} download={file.name}>
                {file.name}
              </a>{" "}
              <span>
                ({TYPE_NAMES[file.contentType] ?? "File"}, {formatSize(file.size)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useRef } from "react";
import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import { Button } from "../../../../../../shared/ui/Button.tsx";
import { ImageIcon } from "../../../../../../shared/ui/icons.tsx";
import { toast } from "../../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../../components/failures.ts";
import type { InsertLessonImageMutation } from "./__generated__/InsertLessonImageMutation.graphql.ts";

export const INSERT_IMAGE_MESSAGES = { failed: "Failed to upload the image.", inserted: "Image inserted." } as const;

const mutation = graphql`
  mutation InsertLessonImageMutation($courseId: ID!, $image: Upload) {
    uploadLessonImage(courseId: $courseId, image: $image) {
      __typename
      ... on LessonImagePayload {
        url
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** Alt text from a file's name: "cloud-regions_map.png" -> "cloud regions map". */
export function altFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]*$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/[[\]()\\]/g, "")
    .trim();
  return base || "Image";
}

/** `text` with `insert` at [start, end) (the textarea's selection), on lines of its own. */
export function insertAt(text: string, insert: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  return `${before}${lead}${insert}${trail}${after}`;
}

interface InsertLessonImageProps {
  courseId: string;
  /** The id of the Markdown textarea: the image goes where its cursor is. */
  textareaId: string;
  value: string;
  onChange: (body: string) => void;
}

/**
 * "Insert image" for a lesson's Markdown: uploads the image as track images are (the server checks its content) and
 * writes `![alt](/uploads/...)` at the cursor, the alt text taken from the file name (editable in the text).
 */
export function InsertLessonImage({ courseId, textareaId, value, onChange }: InsertLessonImageProps) {
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useAsyncMutation<InsertLessonImageMutation>(mutation);

  async function choose(file: File | undefined) {
    if (!file) return;
    const area = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    const [start, end] = area ? [area.selectionStart, area.selectionEnd] : [value.length, value.length];
    try {
      const result = (await upload({ variables: { courseId, image: file } })).uploadLessonImage;
      const failure = failureOf(result, INSERT_IMAGE_MESSAGES.failed);
      if (failure) return toast.error(failure.fieldErrors.image ?? failure.message);
      if (result.__typename !== "LessonImagePayload") return toast.error(INSERT_IMAGE_MESSAGES.failed);
      onChange(insertAt(value, `![${altFromFileName(file.name)}](${result.url})`, start, end));
      toast.success(INSERT_IMAGE_MESSAGES.inserted);
    } catch {
      toast.error(INSERT_IMAGE_MESSAGES.failed);
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div>
      <Button variant="secondary" size="sm" loading={uploading} onClick={() => input.current?.click()}>
        <ImageIcon size={16} aria-hidden="true" />
        Insert image
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label="Image to insert"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
    </div>
  );
}

import { Suspense, useRef, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { Upload } from "tus-js-client";
import { useAsyncMutation } from "../../../../../../shared/relay/useAsyncMutation.ts";
import { adminSession } from "../../../../../../shared/session/session.ts";
import { Button } from "../../../../../../shared/ui/Button.tsx";
import { toast } from "../../../../../../shared/ui/Toast.tsx";
import type { LessonMediaUploadDeleteMutation } from "./__generated__/LessonMediaUploadDeleteMutation.graphql.ts";
import type { LessonMediaUploadQuery } from "./__generated__/LessonMediaUploadQuery.graphql.ts";

export const MEDIA_UPLOAD_MESSAGES = {
  saveFirst: "Save the lesson first, then upload its video or files here.",
  uploaded: "Upload complete.",
  failed: "The upload failed. Choose the file again to resume where it stopped.",
  deleted: "File deleted.",
} as const;

const query = graphql`
  query LessonMediaUploadQuery($id: ID!) {
    node(id: $id) {
      ... on Lesson {
        uploadedVideo {
          id
          name
          size
        }
        files {
          id
          name
          size
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation LessonMediaUploadDeleteMutation($id: ID!) {
    deleteLessonFile(id: $id) {
      __typename
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** "1.2 MB", "340 kB". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/**
 * The lesson editor's uploads (loaded with the admin lessons route only): a VIDEO lesson's video file (mp4/webm, in
 * place of a link) or a FILE lesson's attachments, sent with the tus resumable protocol: a progress bar, pause and
 * resume, and a dropped connection resumes where it stopped (tus-js-client remembers unfinished uploads by file).
 */
export function LessonMediaUpload({ lessonId, kind }: { lessonId?: string; kind: string }) {
  if (kind !== "VIDEO" && kind !== "FILE") return null;
  if (!lessonId) return <p>{MEDIA_UPLOAD_MESSAGES.saveFirst}</p>;
  return (
    <Suspense fallback={<p>Loading uploads…</p>}>
      <Uploads lessonId={lessonId} target={kind === "VIDEO" ? "video" : "file"} />
    </Suspense>
  );
}

function Uploads({ lessonId, target }: { lessonId: string; target: "video" | "file" }) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<LessonMediaUploadQuery>(query, { id: lessonId }, { fetchKey, fetchPolicy: "network-only" });
  const [remove] = useAsyncMutation<LessonMediaUploadDeleteMutation>(deleteMutation);
  const [percent, setPercent] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const upload = useRef<Upload | null>(null);
  const listed = target === "video" ? (data.node?.uploadedVideo ? [data.node.uploadedVideo] : []) : (data.node?.files ?? []);

  function start(file: File) {
    const token = localStorage.getItem(adminSession.token) ?? "";
    const tus = new Upload(file, {
      endpoint: "/api/uploads/lessons",
      // Short requests (each under the server's request timeout); a dropped one is retried from the server's offset.
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { lessonId: atob(lessonId).split(":")[1] ?? "", target, filename: file.name },
      headers: { authorization: `Bearer ${token}` },
      onProgress: (sent, total) => setPercent(total ? Math.floor((sent / total) * 100) : 0),
      onError: (error) => {
        const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        let message: string = MEDIA_UPLOAD_MESSAGES.failed;
        try {
          message = body ? (JSON.parse(body).message ?? message) : message;
        } catch {
          // Not JSON: the general message.
        }
        toast.error(message);
        setPercent(null);
        upload.current = null;
      },
      onSuccess: () => {
        setPercent(100);
        toast.success(MEDIA_UPLOAD_MESSAGES.uploaded);
        upload.current = null;
        setFetchKey((k) => k + 1);
      },
    });
    upload.current = tus;
    setPaused(false);
    setPercent(0);
    // An earlier, unfinished upload of the same file continues where it stopped.
    tus.findPreviousUploads().then((previous) => {
      if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
      tus.start();
    });
  }

  function togglePause() {
    const tus = upload.current;
    if (!tus) return;
    if (paused) tus.start();
    else tus.abort();
    setPaused(!paused);
  }

  async function deleteFile(id: string) {
    const result = await remove({ variables: { id } }).catch(() => null);
    if (result?.deleteLessonFile.__typename !== "DeletePayload") {
      toast.error(result?.deleteLessonFile.failure?.message ?? MEDIA_UPLOAD_MESSAGES.failed);
      return;
    }
    toast.success(MEDIA_UPLOAD_MESSAGES.deleted);
    setFetchKey((k) => k + 1);
  }

  const label = target === "video" ? "Video file (MP4 or WebM)" : "Add a file (PDF, ZIP, slides)";
  return (
    <section aria-label={target === "video" ? "Uploaded video" : "Files"} style={{ display: "grid", gap: "0.5rem" }}>
      {listed.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: "1.25rem" }}>
          {listed.map((file) => (
            <li key={file.id}>
              {file.name} ({formatSize(file.size)}){" "}
              <Button type="button" size="sm" variant="secondary" onClick={() => deleteFile(file.id)} aria-label={`Delete ${file.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`upload-${target}`}>{target === "video" && listed.length ? "Replace the video (MP4 or WebM)" : label}</label>
      <input
        id={`upload-${target}`}
        type="file"
        accept={target === "video" ? "video/mp4,video/webm" : ".pdf,.zip,.pptx,.docx,.odp,.key,application/pdf,application/zip"}
        disabled={percent !== null && percent < 100 && !paused}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) start(file);
          e.target.value = "";
        }}
      />
      {percent !== null && (
        <div style={{ display: "flex", alignItems: "center", gap: "0.5rem", flexWrap: "wrap" }}>
          <progress max={100} value={percent} aria-label="Upload progress" style={{ flex: "1 1 12rem" }}>
            {percent}%
          </progress>
          <span aria-live="polite">{percent}%</span>
          {percent < 100 && (
            <Button type="button" size="sm" variant="secondary" onClick={togglePause}>
              {paused ? "Resume" : "Pause"}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

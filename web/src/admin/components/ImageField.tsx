import { useEffect, useId, useMemo, useRef } from "react";
import { MAX_IMAGE_BYTES } from "../../../../common/images.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { ImageIcon } from "../../shared/ui/icons.tsx";
import styles from "./ImageField.module.css";

export const IMAGE_MESSAGES = {
  notImage: "Please choose an image file (JPEG, PNG or WebP).",
  tooLarge: "The image must be at most 5 MB.",
} as const;

/** Why a chosen file cannot be a track or course image, or null when it can. */
export function imageFileError(file: File): string | null {
  if (!file.type.startsWith("image/")) return IMAGE_MESSAGES.notImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

interface ImageFieldProps {
  label: string;
  /** The image stored now, shown until another file is chosen. */
  currentUrl?: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: string | null;
  onError: (message: string | null) => void;
}

/** An optional image: a preview, a button that opens the file picker (image files only), and a way to undo the choice. */
export function ImageField({ label, currentUrl, file, onFileChange, error, onError }: ImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentUrl ?? null;
  const messageId = `${id}-message`;

  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label} <span className={styles.optional}>(optional)</span>
      </span>
      <div className={styles.row}>
        <div className={styles.preview}>
          {shown ? <img src={shown} alt="" className={styles.image} /> : <ImageIcon size={24} aria-hidden="true" />}
        </div>
        <div className={styles.controls}>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className={styles.input}
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            aria-describedby={messageId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              if (!chosen) return;
              const problem = imageFileError(chosen);
              onError(problem);
              if (problem) {
                event.target.value = "";
                return;
              }
              onFileChange(chosen);
            }}
          />
          <div className={styles.buttons}>
            <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()} aria-describedby={messageId}>
              {shown ? "Change image" : "Choose image"}
            </Button>
            {file && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onFileChange(null);
                  onError(null);
                  if (inputRef.current) inputRef.current.value = "";
                }}
              >
                Undo
              </Button>
            )}
          </div>
          <p id={messageId} className={error ? styles.error : styles.hint}>
            {error ?? (file ? file.name : "JPEG, PNG or WebP, up to 5 MB.")}
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Uploaded images (a track's, a course's, a profile picture, the business logo): the size limit and the messages the
 * API's check answers (api/src/domain/images.ts), which the forms that check a chosen file first use too. Plain
 * values, like the rest of common/.
 */

/** The largest image the API stores. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  notImage: "Image must be a JPEG, PNG or WebP file.",
  tooLarge: "Image must be 5 MB or smaller.",
} as const;

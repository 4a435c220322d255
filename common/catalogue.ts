/**
 * The tracks' messages: what the API answers (api/src/domain/catalogue/tracks.ts) and what the admin's track form and
 * the checkout say when they meet the same case, written once. Plain values, like the rest of common/.
 */
import { currencyRules } from "./money.ts";

export const TRACK_MESSAGES = {
  required: "Please fill in all required fields.",
  notFound: "Track not found.",
  invalidPrice: "Price must be a number of dollars, 0 or more.",
  /** invalidPrice in the business currency's unit: "Price must be a number of naira, 0 or more." */
  invalidPriceIn: (currency: string) => `Price must be a number of ${currencyRules(currency).unit}, 0 or more.`,
  invalidStatus: 'Status must be "draft" or "published".',
  previewPublished: "This track is published: its page is public, no preview link is needed.",
  noLongerSold: "This track is no longer sold.",
} as const;

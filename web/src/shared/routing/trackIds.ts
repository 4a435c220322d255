import { UUID_PATTERN } from "../../../../common/formats.ts";
import { ADMIN_PAGES, LEARNER_PAGES } from "../../../../common/site-paths.ts";

const TRACK_PREFIX = "Track:";

/**
 * A track page's address names the track by its plain id (the `_id` of the REST answers), which is the form the app's
 * links use; the Relay global id the GraphQL API gives is accepted too. This returns the global id the page's query
 * needs, whichever form the address has (anything else goes through as it is and finds no track). `type` names
 * another record the same way (the player's lesson, a course).
 */
export function trackNodeId(param: string | undefined, type = "Track"): string {
  const id = param ?? "";
  return UUID_PATTERN.test(id) ? btoa(`${type}:${id.toLowerCase()}`) : id;
}

/** The plain id inside a track's global id (the form page addresses use); any other text is returned as it is. */
export function plainTrackId(id: string): string {
  if (UUID_PATTERN.test(id)) return id;
  try {
    const decoded = atob(id);
    return decoded.startsWith(TRACK_PREFIX) ? decoded.slice(TRACK_PREFIX.length) : id;
  } catch {
    return id;
  }
}

const withId = (pattern: string, id: string) => pattern.replace(":trackId", encodeURIComponent(plainTrackId(id)));

/** The addresses of a track's pages, from its id in either form. */
export const trackPages = {
  learnerDetails: (id: string) => withId(LEARNER_PAGES.trackDetails, id),
  checkout: (id: string) => withId(LEARNER_PAGES.checkoutTrack, id),
  adminDetails: (id: string) => withId(ADMIN_PAGES.trackDetails, id),
};

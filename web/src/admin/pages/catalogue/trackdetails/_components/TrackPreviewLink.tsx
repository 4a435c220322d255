import { useState } from "react";
import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import type { TrackPreviewLinkMutation } from "./__generated__/TrackPreviewLinkMutation.graphql.ts";

export const TRACK_PREVIEW_MESSAGES = {
  failed: "Failed to open the preview.",
  blocked: "Your browser kept the preview from opening in a new tab:",
} as const;

const previewLinkMutation = graphql`
  mutation TrackPreviewLinkMutation($id: ID!) {
    trackPreviewLink(id: $id) {
      __typename
      ... on TrackPreviewLinkPayload {
        url
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/**
 * "Preview on site" for a draft: asks the API for the track's unlisted preview link (the learner site is on another
 * host and cannot see this session) and opens it in a new tab. The tab is opened at the click, before the answer, so
 * the browser does not take it for a pop-up; it loses its link back to this page before it leaves for the learner
 * site. Where a new tab was refused anyway, the link is shown to open by hand.
 */
export function TrackPreviewLink({ trackId }: { trackId: string }) {
  const [ask, asking] = useAsyncMutation<TrackPreviewLinkMutation>(previewLinkMutation);
  const [error, setError] = useState<string | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    setBlockedUrl(null);
    const tab = window.open("", "_blank");
    try {
      const result = (await ask({ variables: { id: trackId } })).trackPreviewLink;
      const failure = failureOf(result, TRACK_PREVIEW_MESSAGES.failed);
      const url = result.__typename === "TrackPreviewLinkPayload" ? result.url : undefined;
      if (failure || !url) {
        tab?.close();
        setError(failure?.message ?? TRACK_PREVIEW_MESSAGES.failed);
        return;
      }
      if (!tab) {
        setBlockedUrl(url);
        return;
      }
      tab.opener = null;
      tab.location.href = url;
    } catch (thrown) {
      tab?.close();
      setError(thrownMessage(thrown, { fallback: TRACK_PREVIEW_MESSAGES.failed }));
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" loading={asking} onClick={open}>
        Preview on site
      </Button>
      {blockedUrl && (
        <Alert tone="info">
          {TRACK_PREVIEW_MESSAGES.blocked}{" "}
          <a href={blockedUrl} target="_blank" rel="noopener noreferrer">
            open the preview
          </a>
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}

import { useRouteError } from "react-router-dom";
import { GraphQLResponseError } from "../../shared/relay/environment.ts";
import { RouteErrorPage } from "../../shared/routing/RouteErrorPage.tsx";
import { ButtonLink } from "../../shared/ui/Button.tsx";
import { EmptyState } from "../../shared/ui/EmptyState.tsx";
import { TracksIcon } from "../../shared/ui/icons.tsx";
import { Page } from "../layout/Page.tsx";

/** A track id in the address that is not a track id at all (the API refuses it): the same page as an unknown track. */
function isMalformedTrackId(error: unknown) {
  return error instanceof GraphQLResponseError && error.errors.some((e) => e.message.startsWith("Invalid global ID"));
}

/** Error boundary of the pages addressed by a track id (details, checkout). */
export function TrackErrorBoundary() {
  const error = useRouteError();
  if (!isMalformedTrackId(error)) return <RouteErrorPage />;
  return <TrackNotFound />;
}

export function TrackNotFound() {
  return (
    <Page>
      <title>Track not found · LearnHub</title>
      <EmptyState
        headingLevel={1}
        icon={<TracksIcon />}
        title="Track not found."
        description="This track does not exist or is no longer offered."
        action={<ButtonLink to="/learner-tracks">Browse all tracks</ButtonLink>}
      />
    </Page>
  );
}

import { ButtonLink } from "../../../../shared/ui/Button.tsx";
import { EmptyState } from "../../../../shared/ui/EmptyState.tsx";
import { TracksIcon } from "../../../../shared/ui/icons.tsx";
import { Page } from "../../../layout/Page.tsx";

/** `/checkout` without a track id. */
export default function NoTrackPage() {
  return (
    <Page>
      <title>Checkout · LearnHub</title>
      <EmptyState
        headingLevel={1}
        icon={<TracksIcon />}
        title="No track specified."
        description="Choose a track from the catalogue, then select Enroll Now."
        action={<ButtonLink to="/learner-tracks">Browse tracks</ButtonLink>}
      />
    </Page>
  );
}

import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../../shared/routing/pageRoute.tsx";
import { SessionGone } from "../../../../portal/SessionGone.tsx";
import type { SettingsPageQuery } from "./__generated__/SettingsPageQuery.graphql.ts";
import { ProfileForm } from "./_components/ProfileForm.tsx";

const query = graphql`
  query SettingsPageQuery {
    me {
      ...ProfileForm_learner @alias(as: "learner")
    }
  }
`;

/** The portal's Settings tab: the learner's profile. */
export default function SettingsPage({ queryRef }: QueryPageProps<SettingsPageQuery>) {
  const { me } = usePreloadedQuery<SettingsPageQuery>(query, queryRef);
  if (!me?.learner) return <SessionGone />;
  return (
    <>
      <title>Settings · LearnHub</title>
      <ProfileForm learnerKey={me.learner} />
    </>
  );
}

import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../../shared/routing/pageRoute.tsx";
import { learnerSession, useSession } from "../../../../../shared/session/session.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { SessionGone } from "../../../../portal/SessionGone.tsx";
import type { InvoicesPageQuery } from "./__generated__/InvoicesPageQuery.graphql.ts";
import { InvoicesTable } from "./_components/InvoicesTable.tsx";
import styles from "./InvoicesPage.module.css";

const query = graphql`
  query InvoicesPageQuery {
    me {
      ...InvoicesTable_learner @alias(as: "learner")
    }
  }
`;

/** The portal's Invoice tab: the learner's invoices, newest first. */
export default function InvoicesPage({ queryRef }: QueryPageProps<InvoicesPageQuery>) {
  const { token } = useSession(learnerSession);
  const { me } = usePreloadedQuery<InvoicesPageQuery>(query, queryRef);
  return (
    <section aria-labelledby="invoices-title">
      <title>My invoices · LearnHub</title>
      <h2 id="invoices-title" className={styles.title}>
        Invoices
      </h2>
      {!token ? (
        <Alert tone="error">Authentication token not found. Please log in.</Alert>
      ) : me?.learner ? (
        <InvoicesTable learnerKey={me.learner} />
      ) : (
        <SessionGone />
      )}
    </section>
  );
}

/** The Invoice tab's error boundary: the list could not be loaded (docs/product.md, Texts). */
export function InvoicesError() {
  return (
    <section aria-labelledby="invoices-title">
      <h2 id="invoices-title" className={styles.title}>
        Invoices
      </h2>
      <Alert tone="error">Could not load your invoices. Please try again later.</Alert>
    </section>
  );
}

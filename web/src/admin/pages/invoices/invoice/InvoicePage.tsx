import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { ListPage } from "../../../components/ListPage.tsx";
import type { InvoicePageQuery } from "./__generated__/InvoicePageQuery.graphql.ts";
import { INVOICE_LIST, InvoiceList } from "./_components/InvoiceList.tsx";

// Sizes are variables the route sets (routes.tsx): the API's cost limit multiplies a literal `first` into the cost
// of everything below it, which these fragment-composed pages would exceed.
const query = graphql`
  query InvoicePageQuery($first: Int!) {
    ...InvoiceList_query @arguments(first: $first)
  }
`;

export default function InvoicePage({ queryRef }: QueryPageProps<InvoicePageQuery>) {
  return (
    <ListPage
      title="Manage Invoices"
      description="Record payments, follow up on pending invoices and correct mistakes."
      spec={INVOICE_LIST}
    >
      <InvoicePageContent queryRef={queryRef} />
    </ListPage>
  );
}

function InvoicePageContent({ queryRef }: { queryRef: PreloadedQuery<InvoicePageQuery> }) {
  const data = usePreloadedQuery<InvoicePageQuery>(query, queryRef);
  return <InvoiceList queryKey={data} />;
}

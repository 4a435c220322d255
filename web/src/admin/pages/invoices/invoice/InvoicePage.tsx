import { Suspense } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { PageHeader } from "../../../../shared/ui/PageHeader.tsx";
import { ListSkeleton } from "../../../components/ListSkeleton.tsx";
import type { InvoicePageQuery } from "./__generated__/InvoicePageQuery.graphql.ts";
import { INVOICE_COLUMNS, InvoiceList } from "./_components/InvoiceList.tsx";

// Sizes are variables the route sets (routes.tsx): the API's cost limit multiplies a literal `first` into the cost
// of everything below it, which these fragment-composed pages would exceed.
const query = graphql`
  query InvoicePageQuery($first: Int!) {
    ...InvoiceList_query @arguments(first: $first)
  }
`;

export default function InvoicePage({ queryRef }: QueryPageProps<InvoicePageQuery>) {
  return (
    <>
      <PageHeader title="Manage Invoices" description="Record payments, follow up on pending invoices and correct mistakes." />
      <Suspense
        fallback={
          <ListSkeleton
            caption="Invoices"
            searchLabel="Search invoices by learner name"
            searchPlaceholder="Search by learner name..."
            addLabel="Add Invoice"
            headers={INVOICE_COLUMNS}
          />
        }
      >
        <InvoicePageContent queryRef={queryRef} />
      </Suspense>
    </>
  );
}

function InvoicePageContent({ queryRef }: { queryRef: PreloadedQuery<InvoicePageQuery> }) {
  const data = usePreloadedQuery<InvoicePageQuery>(query, queryRef);
  return <InvoiceList queryKey={data} />;
}

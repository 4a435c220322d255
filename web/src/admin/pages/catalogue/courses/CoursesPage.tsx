import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { ListPage } from "../../../components/ListPage.tsx";
import type { CoursesPageQuery } from "./__generated__/CoursesPageQuery.graphql.ts";
import { COURSE_LIST, CourseList } from "./_components/CourseList.tsx";

// Sizes are variables the route sets (routes.tsx): the API's cost limit multiplies a literal `first` into the cost
// of everything below it, which these fragment-composed pages would exceed.
const query = graphql`
  query CoursesPageQuery($first: Int!, $tracksFirst: Int!) {
    ...CourseList_query @arguments(first: $first)
    ...CourseFormDialog_query @arguments(first: $tracksFirst)
  }
`;

export default function CoursesPage({ queryRef }: QueryPageProps<CoursesPageQuery>) {
  return (
    <ListPage title="Manage Courses" description="The courses that make up each track." spec={COURSE_LIST}>
      <CoursesPageContent queryRef={queryRef} />
    </ListPage>
  );
}

function CoursesPageContent({ queryRef }: { queryRef: PreloadedQuery<CoursesPageQuery> }) {
  const data = usePreloadedQuery<CoursesPageQuery>(query, queryRef);
  return <CourseList queryKey={data} tracksKey={data} />;
}

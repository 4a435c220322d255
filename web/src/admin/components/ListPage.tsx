import { type ReactNode, Suspense } from "react";
import { PageHeader } from "../../shared/ui/PageHeader.tsx";
import { ListSkeleton } from "./ListSkeleton.tsx";
import type { ListSpec } from "./PagedList.tsx";

interface ListPageProps {
  title: string;
  description: ReactNode;
  /** The header's buttons, e.g. Invite staff. */
  actions?: ReactNode;
  /** The page's list, whose skeleton shows while the page's query loads. */
  spec: ListSpec;
  /** What reads the page's query (and so suspends until it is there): the list, and what goes with it. */
  children: ReactNode;
}

/** A list page of the console: its header, then its list, drawn as a skeleton until the first page is there. */
export function ListPage({ title, description, actions, spec, children }: ListPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <Suspense fallback={<ListSkeleton spec={spec} />}>{children}</Suspense>
    </>
  );
}

import { Button } from "../../shared/ui/Button.tsx";
import { PlusIcon } from "../../shared/ui/icons.tsx";
import { SearchField } from "../../shared/ui/SearchField.tsx";
import { Table } from "../../shared/ui/Table.tsx";
import styles from "./ListLayout.module.css";
import type { ListSpec } from "./PagedList.tsx";

/** A list page's toolbar and table with placeholder rows while the first page loads. */
export function ListSkeleton({ spec }: { spec: ListSpec }) {
  return (
    <div>
      <div className={styles.toolbar}>
        {spec.search && (
          <SearchField label={spec.search.label} placeholder={spec.search.placeholder} value="" onValueChange={() => undefined} disabled />
        )}
        {spec.addLabel && (
          <Button disabled>
            <PlusIcon size={18} />
            {spec.addLabel}
          </Button>
        )}
      </div>
      <Table
        caption={spec.caption}
        columns={spec.headers.map((header) => ({ key: header, header, cell: () => null }))}
        rows={[]}
        rowKey={() => ""}
        loading
        loadingRows={6}
        emptyMessage=""
      />
    </div>
  );
}

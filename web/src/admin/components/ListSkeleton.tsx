import { Button } from "../../shared/ui/Button.tsx";
import { PlusIcon } from "../../shared/ui/icons.tsx";
import { SearchField } from "../../shared/ui/SearchField.tsx";
import { Table } from "../../shared/ui/Table.tsx";
import styles from "./ListLayout.module.css";

interface ListSkeletonProps {
  caption: string;
  searchLabel: string;
  searchPlaceholder: string;
  /** The add button's text, when the list has one. */
  addLabel?: string;
  headers: string[];
}

/** A list page's toolbar and table with placeholder rows while the first page loads. */
export function ListSkeleton({ caption, searchLabel, searchPlaceholder, addLabel, headers }: ListSkeletonProps) {
  return (
    <div>
      <div className={styles.toolbar}>
        <SearchField label={searchLabel} placeholder={searchPlaceholder} value="" onValueChange={() => undefined} disabled />
        {addLabel && (
          <Button disabled>
            <PlusIcon size={18} />
            {addLabel}
          </Button>
        )}
      </div>
      <Table
        caption={caption}
        columns={headers.map((header) => ({ key: header, header, cell: () => null }))}
        rows={[]}
        rowKey={() => ""}
        loading
        loadingRows={6}
        emptyMessage=""
      />
    </div>
  );
}

import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SearchField } from "../../../../../shared/ui/SearchField.tsx";
import type { CurrencySwitcher_options$key } from "../../../../currency/__generated__/CurrencySwitcher_options.graphql.ts";
import { CurrencySwitcher } from "../../../../currency/CurrencySwitcher.tsx";
import { type CatalogueSortValue, catalogueSearch, readCatalogueParams } from "../catalogueParams.ts";
import styles from "../TracksPage.module.css";

const CATALOGUE_SORTS: { value: CatalogueSortValue; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "price-low", label: "Price: low to high" },
  { value: "price-high", label: "Price: high to low" },
  { value: "rating", label: "Best rated" },
];

/** Search (title and description) and sort of the catalogue, kept in the URL so the view can be shared. */
export function CatalogueControls({ optionsKey }: { optionsKey: CurrencySwitcher_options$key }) {
  const [params, setParams] = useSearchParams();
  const current = readCatalogueParams(params);
  const [q, setQ] = useState(current.q);
  return (
    <search>
      <form
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          setParams(catalogueSearch(q, current.sort));
        }}
      >
        <SearchField label="Search tracks" placeholder="Search tracks..." value={q} onValueChange={setQ} maxLength={100} />
        <label className={styles.sort}>
          <span>Sort by</span>
          <select value={current.sort} onChange={(event) => setParams(catalogueSearch(q, event.target.value as CatalogueSortValue))}>
            {CATALOGUE_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <CurrencySwitcher optionsKey={optionsKey} />
      </form>
    </search>
  );
}

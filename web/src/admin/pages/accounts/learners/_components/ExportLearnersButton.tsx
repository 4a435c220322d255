import { useState } from "react";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { downloadCsv } from "../../../../components/downloadCsv.ts";

/** Downloads every learner as CSV (the server neutralises spreadsheet formulas in the cells). */
export function ExportLearnersButton() {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exportCsv = async () => {
    setExporting(true);
    setError(null);
    try {
      await downloadCsv("/api/learners/export.csv", "learners.csv");
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button variant="secondary" loading={exporting} onClick={exportCsv}>
        Export CSV
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}

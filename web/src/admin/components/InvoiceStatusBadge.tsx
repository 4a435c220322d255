import { Badge } from "../../shared/ui/Badge.tsx";

const looks = {
  PAID: { tone: "success", label: "Paid" },
  PENDING: { tone: "warning", label: "Pending" },
  FAILED: { tone: "danger", label: "Failed" },
  ABANDONED: { tone: "neutral", label: "Abandoned" },
  PARTIALLY_REFUNDED: { tone: "neutral", label: "Partially refunded" },
  REFUNDED: { tone: "neutral", label: "Refunded" },
} as const;

/** An invoice's status in words and colour: paid green, pending yellow (docs/product.md, States and flows), failed card payments red. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  const look = looks[status as keyof typeof looks] ?? { tone: "neutral" as const, label: status };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

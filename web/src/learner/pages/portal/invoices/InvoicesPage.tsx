export default function InvoicesPage() {
  return <h2>Invoices</h2>;
}

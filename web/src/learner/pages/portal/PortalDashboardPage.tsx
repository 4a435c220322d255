export default function PortalDashboardPage() {
  return <h2>My courses</h2>;
}

export default function SettingsPage() {
  return <h2>Settings</h2>;
}

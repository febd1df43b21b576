import { Title } from 'react-admin';

export default function SettingsPage() {
  return <Title title="SettingsPage" />;
}

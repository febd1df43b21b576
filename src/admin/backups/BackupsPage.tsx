import { Title } from 'react-admin';

export default function BackupsPage() {
  return <Title title="BackupsPage" />;
}

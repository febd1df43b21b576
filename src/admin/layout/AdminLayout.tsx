import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useTrackArea } from '../common/areaTracker';
import { AccessGate } from './AccessGate';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';

export function AdminLayout({ children }: { children: ReactNode }) {
  useTrackArea();
  return (
    <AccessGate>
      <Layout appBar={AdminAppBar} menu={AdminMenu}>
        {children}
      </Layout>
    </AccessGate>
  );
}

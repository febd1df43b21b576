import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccessGate } from './AccessGate';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <AccessGate>
      <Layout appBar={AdminAppBar} menu={AdminMenu}>
        {children}
      </Layout>
    </AccessGate>
  );
}

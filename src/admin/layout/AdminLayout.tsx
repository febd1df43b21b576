import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useTrackArea } from '../common/areaTracker';
import { AccessGate } from './AccessGate';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';
import { ScreenTitle } from './ScreenTitle';

/**
 * react-admin lets the layout grow as wide as its widest content (`min-width: fit-content`),
 * which on a phone pushes the whole page, app bar included, sideways for one wide table or
 * row of tabs. Below the desktop breakpoint the layout keeps the screen's width instead, so
 * a box that scrolls (tabs, tables) scrolls in itself and the actions stay on screen.
 */
const FIT_THE_SCREEN = { minWidth: { xs: 0, md: 'fit-content' }, '& .RaLayout-content': { minWidth: 0 } };

export function AdminLayout({ children }: { children: ReactNode }) {
  useTrackArea();
  return (
    <AccessGate>
      <Layout appBar={AdminAppBar} menu={AdminMenu} sx={FIT_THE_SCREEN}>
        <ScreenTitle />
        {children}
      </Layout>
    </AccessGate>
  );
}

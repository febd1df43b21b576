import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** Records of one kind, each in its own outlined box (Item). */
export function Items({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Stack>
  );
}

/** One record of Items. */
export function Item({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      {children}
    </Paper>
  );
}

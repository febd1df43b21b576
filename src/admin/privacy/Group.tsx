import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One kind of record held: a titled section with its count, its items or a sentence saying there is none. */
export function Group({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  empty: string;
  children?: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`privacy-${id}`} data-group={id} sx={{ minWidth: 0 }}>
      <Typography id={`privacy-${id}`} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {count === undefined ? title : `${title} (${count})`}
      </Typography>
      {children ?? <Typography color="text.secondary">{empty}</Typography>}
    </Box>
  );
}

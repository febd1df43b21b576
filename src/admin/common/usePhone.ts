import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * Below the `sm` breakpoint lists render as cards (react-admin's SimpleList): a table
 * would push a 390 px page sideways.
 */
export function usePhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

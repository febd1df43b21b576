/** The admin's MUI theme: react-admin's default with the site's brand colours and type. */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#0b3d6e', light: '#1d5fa8', dark: '#061f3a', contrastText: '#ffffff' },
    secondary: { main: '#4a5868', contrastText: '#ffffff' },
    error: { main: '#b91c1c' },
    success: { main: '#15803d' },
    warning: { main: '#9a5b00' },
    info: { main: '#075985' },
    background: { default: '#f5f7fa' },
    text: { primary: '#14202e', secondary: '#4a5868' },
  },
  typography: {
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  sidebar: { width: 232, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    // Every progress indicator (react-admin's loading one in the header included) needs a name.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Carregando' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Carregando' } },
    // Phone lists (SimpleList) show e-mails, slugs and file paths: long words break
    // instead of widening the page.
    MuiListItemText: {
      styleOverrides: { primary: { overflowWrap: 'anywhere' }, secondary: { overflowWrap: 'anywhere' } },
    },
    // react-admin shows a list item's move and remove buttons on mouse hover only (hidden,
    // they are out of the keyboard's reach too): always shown, as the section editor's are.
    RaSimpleFormIterator: {
      styleOverrides: { root: { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } },
    },
    // react-admin's empty-list texts are half transparent, below WCAG AA contrast.
    RaEmpty: {
      styleOverrides: {
        root: { '& .RaEmpty-message': { opacity: 1, color: '#4a5868' }, '& .RaEmpty-icon': { opacity: 0.6 } },
      },
    },
  },
};

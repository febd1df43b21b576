import Paper from '@mui/material/Paper';

/**
 * A toast in two lines: a bold title, then the description. react-admin
 * puts a custom message in place of the snackbar's own surface, so the toast brings
 * the theme's surface itself (a bare title would float over the page).
 */
export function Toast({ title, description }: { title: string; description?: string }) {
  return (
    <Paper
      elevation={6}
      data-toast
      sx={{
        px: 2,
        py: 1.5,
        minWidth: { xs: 'auto', sm: 288 },
        maxWidth: 560,
        bgcolor: 'background.paper',
        color: 'text.primary',
      }}
    >
      <strong>{title}</strong>
      {description ? (
        <>
          <br />
          {description}
        </>
      ) : null}
    </Paper>
  );
}

/**
 * What a list shows when its page cannot be loaded: the reason and 'Tentar novamente',
 * instead of react-admin's empty table and a pager counting nothing.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactElement } from 'react';
import { Pagination, useListContext } from 'react-admin';
import { reasonOf } from '../errors';

export function ListLoadError() {
  const { error, refetch, isFetching } = useListContext();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" disabled={isFetching} onClick={() => void refetch()}>
          Tentar novamente
        </Button>
      }
    >
      <AlertTitle>Não foi possível carregar a lista</AlertTitle>
      {reasonOf(error)}
    </Alert>
  );
}

/** The list's pager, hidden while the list shows a load error (it would count nothing). */
function ListPagination({ pagination = <Pagination /> }: { pagination?: ReactElement }) {
  const { error } = useListContext();
  return error ? null : pagination;
}

/** Spread into every <List>: the error panel and a pager that hides on error. */
export const listLoadErrorProps = (pagination?: ReactElement) => ({
  error: <ListLoadError />,
  pagination: <ListPagination pagination={pagination} />,
});

import { Datagrid, List, TextField } from 'react-admin';

export default function PageList() {
  return (
    <List>
      <Datagrid rowClick={false}>
        <TextField source="id" />
      </Datagrid>
    </List>
  );
}

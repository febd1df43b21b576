/** The meta description with its live 'n/160' counter and its 160-character hint (advice for search results, not a limit). */
import Box from '@mui/material/Box';
import { TextInput, maxLength } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { META_DESCRIPTION_HINT, META_DESCRIPTION_MAX, metaDescriptionCount } from './pageRules';

export function MetaDescriptionInput() {
  const value = useWatch({ name: 'meta_description' });
  const count = metaDescriptionCount(value);
  return (
    <TextInput
      source="meta_description"
      multiline
      minRows={3}
      fullWidth
      validate={maxLength(META_DESCRIPTION_MAX)}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>A meta descrição deve ter no máximo {META_DESCRIPTION_HINT} caracteres.</span>
          <Box
            component="span"
            data-meta-counter
            sx={{
              fontVariantNumeric: 'tabular-nums',
              fontWeight: count.over ? 700 : 400,
              color: count.over ? 'warning.main' : 'inherit',
            }}
          >
            {count.text}
          </Box>
        </Box>
      }
    />
  );
}

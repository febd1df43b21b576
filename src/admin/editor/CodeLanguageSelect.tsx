/**
 * The language of the code block the cursor is in, which the site highlights it as.
 * Always in the toolbar (disabled outside a code block), so the buttons after it never
 * move under the pointer as the cursor goes in and out of a block.
 */
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { Editor } from '@tiptap/react';
import { CODE_LANGUAGES } from './labels';

export function CodeLanguageSelect({ editor }: { editor: Editor | null }) {
  const inBlock = editor?.isActive('codeBlock') ?? false;
  const current = inBlock ? String(editor!.getAttributes('codeBlock').language ?? '') : '';
  const known = CODE_LANGUAGES.some((language) => language.value === current);
  return (
    <Select
      size="small"
      value={current}
      disabled={!inBlock}
      displayEmpty
      renderValue={(value) =>
        inBlock ? (CODE_LANGUAGES.find((language) => language.value === value)?.label ?? value) : 'Linguagem'
      }
      onChange={(event) =>
        editor
          ?.chain()
          .focus()
          .updateAttributes('codeBlock', { language: event.target.value || null })
          .run()
      }
      inputProps={{ 'aria-label': 'Linguagem do bloco de código' }}
      sx={{ minWidth: 140, height: 32, fontSize: 14 }}
    >
      {!known && <MenuItem value={current}>{current}</MenuItem>}
      {CODE_LANGUAGES.map((language) => (
        <MenuItem key={language.value} value={language.value}>
          {language.label}
        </MenuItem>
      ))}
    </Select>
  );
}

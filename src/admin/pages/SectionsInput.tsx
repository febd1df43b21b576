/**
 * A page's body: its sections, each a heading and a Markdown body in the visual
 * editor, added, removed and reordered (react-admin's ArrayInput). The site renders
 * them in order as one article (src/lib/cms/page-sections.ts).
 */
import { ArrayInput, SimpleFormIterator, TextInput, maxLength } from 'react-admin';
import { MarkdownInput } from '../editor/MarkdownInput';

export function SectionsInput() {
  return (
    <ArrayInput source="content.sections" label="resources.pages.fields.sections" helperText={false}>
      <SimpleFormIterator
        inline={false}
        fullWidth
        disableClear
        addButton={undefined}
        sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 2, mb: 2 } }}
      >
        <TextInput source="heading" label="resources.pages.fields.section_heading" validate={maxLength(200)} fullWidth />
        <MarkdownInput source="body" label="resources.pages.fields.section_body" minHeight={220} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

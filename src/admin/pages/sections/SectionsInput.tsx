/**
 * A page's sections (`content.sections`, shared/page-sections.js): a list of cards
 * (SectionCard.tsx) added from a menu of the types, removed, reordered with buttons or
 * by dragging the handle with the mouse, each move announced to screen readers.
 * react-admin's ArrayInput holds the array; its iterator contexts give each card its
 * place in the form. The form refuses a save while sectionProblems() finds anything,
 * showing each problem at its field, or above the list when no field shows it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useRef, useState, type DragEvent } from 'react';
import {
  ArrayInput,
  SimpleFormIteratorBase,
  SimpleFormIteratorItemBase,
  useArrayInput,
  useSimpleFormIterator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAGE_SECTION_LIMITS, emptySection, sectionProblems } from '../../../../shared/page-sections.js';
import { visuallyHidden } from '../../common/visuallyHidden';
import { AddSectionMenu } from './AddSectionMenu';
import { SectionCard } from './SectionCard';
import { dropIndex, movedAnnouncement, newSectionId, unplacedProblems, type SectionTypeName } from './sectionEditing';
import { moveButton, useFocusLater } from './useFocusLater';

const SECTIONS = 'content.sections';

/** The whole list's verdict: the save waits until no problem is left. */
const validateSections = (sections: unknown) =>
  sectionProblems(sections).length ? 'Corrija os problemas das seções antes de salvar.' : undefined;

/** The problems no field shows (a repeated id, an unknown type or field, too many sections), live. */
function ListProblems() {
  const watched = useWatch({ name: SECTIONS }) as unknown;
  const sections = Array.isArray(watched) ? watched : [];
  const problems = unplacedProblems(sectionProblems(sections), sections);
  if (!problems.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * The cards. It renders again when sections are added, moved or removed, not at each
 * keystroke: a card watches its own section, and what is open is each card's state.
 */
function SectionList() {
  const { fields, insert } = useArrayInput();
  const { reOrder, remove, total } = useSimpleFormIterator();
  const { getValues } = useFormContext();
  const { container, focusLater } = useFocusLater<HTMLOListElement>();
  // Where the last section was added: its card is born open.
  const [addedAt, setAddedAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const [drop, setDrop] = useState<{ index: number; after: boolean } | null>(null);
  const canAdd = total < PAGE_SECTION_LIMITS.maxSections;

  const add = (type: SectionTypeName, at: number) => {
    const current = getValues(SECTIONS) as unknown;
    const taken = (Array.isArray(current) ? current : []).map((section) => (section as { id?: unknown } | null)?.id);
    insert(at, emptySection(type, newSectionId(taken)), { shouldFocus: false });
    setAddedAt(at);
    setAnnouncement(`Seção adicionada na posição ${at + 1} de ${total + 1}`);
    focusLater((root) => root.querySelectorAll<HTMLElement>('[data-section-toggle]')[at]);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= total || to === from) return;
    reOrder(from, to);
    setAnnouncement(movedAnnouncement(to, total));
  };

  const removeAt = (index: number, name: string) => {
    remove(index);
    setAddedAt(null);
    setAnnouncement(`Removida a ${name}`);
    focusLater((root) => {
      const toggles = root.querySelectorAll<HTMLElement>('[data-section-toggle]');
      return (
        toggles[Math.min(index, toggles.length - 1)] ??
        root.parentElement?.querySelector<HTMLElement>('[data-add-section] button')
      );
    });
  };

  const dragOver = (index: number) => (event: DragEvent<HTMLElement>) => {
    if (dragged.current === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    setDrop((previous) => (previous?.index === index && previous.after === after ? previous : { index, after }));
  };

  const dropOn = (index: number) => (event: DragEvent<HTMLElement>) => {
    const from = dragged.current;
    if (from === null) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    move(from, dropIndex(from, index, event.clientY > box.top + box.height / 2));
    dragged.current = null;
    setDrop(null);
  };

  return (
    <Box sx={{ width: '100%' }}>
      <ListProblems />
      <Box component="ol" ref={container} aria-label="Seções da página" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {fields.map((entry, index) => (
          <SimpleFormIteratorItemBase key={entry.id} index={index}>
            <SectionCard
              index={index}
              total={total}
              itemKey={entry.id}
              initiallyOpen={addedAt === index}
              onMove={(which) => {
                move(index, which === 'up' ? index - 1 : index + 1);
                focusLater((root) => moveButton(root, entry.id, which));
              }}
              onRemove={(name) => removeAt(index, name)}
              onAddBelow={(type) => add(type, index + 1)}
              canAdd={canAdd}
              dropMark={drop?.index === index ? (drop.after ? 'after' : 'before') : null}
              onDragStart={(event) => {
                dragged.current = index;
                event.dataTransfer.effectAllowed = 'move';
                // A type of our own: the visual editors inside the cards take no text from it.
                event.dataTransfer.setData('application/x-page-section', String(index));
                const card = event.currentTarget.closest('[data-section-card]');
                if (card) event.dataTransfer.setDragImage(card, 16, 16);
              }}
              onDragEnd={() => {
                dragged.current = null;
                setDrop(null);
              }}
              onDragOver={dragOver(index)}
              onDrop={dropOn(index)}
            />
          </SimpleFormIteratorItemBase>
        ))}
      </Box>
      <Box data-add-section>
        <AddSectionMenu label="Adicionar seção" onAdd={(type) => add(type, total)} disabled={!canAdd} />
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}

export function SectionsInput() {
  return (
    <ArrayInput source={SECTIONS} label="resources.pages.fields.sections" helperText={false} validate={validateSections}>
      <SimpleFormIteratorBase disableAutoFocus>
        <SectionList />
      </SimpleFormIteratorBase>
    </ArrayInput>
  );
}

/**
 * One section of the page as a card: a drag handle, a header button that opens and
 * closes its form (its position, type and one-line summary), 'Mover para cima',
 * 'Mover para baixo' and the removal naming the section; inside, the type's hint,
 * its form (SectionFields.tsx), 'Mais opções' and 'Adicionar seção abaixo'.
 * Where a drag goes is the list's state (SectionsInput.tsx); whether it is open, the card's.
 */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useWrappedSource } from 'react-admin';
import { get, useFormState, useWatch } from 'react-hook-form';
import { AddSectionMenu } from './AddSectionMenu';
import { useOpenSectionRequest } from './openSection';
import { FieldInputs, MoreOptions } from './SectionFields';
import { sectionSummary, typeOf, type SectionTypeName } from './sectionEditing';

export interface SectionCardProps {
  index: number;
  total: number;
  /** The key react-hook-form gives this item: stable while it moves. */
  itemKey: string;
  /** Open when it first shows (a section just added). */
  initiallyOpen: boolean;
  onMove: (which: 'up' | 'down') => void;
  onRemove: (name: string) => void;
  onAddBelow: (type: SectionTypeName) => void;
  /** Another section may be added (the page is under its maximum). */
  canAdd: boolean;
  /** Where the dragged section would land, shown as a line on this card. */
  dropMark: 'before' | 'after' | null;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
}

export function SectionCard(props: SectionCardProps) {
  const { index, total, itemKey, dropMark } = props;
  const [open, setOpen] = useState(props.initiallyOpen);
  const bodyId = useId();
  const source = useWrappedSource('');
  const section = useWatch({ name: source }) as unknown;
  const type = typeOf(section);
  const typeLabel = type?.label ?? `Tipo desconhecido (${String((section as { type?: unknown } | null)?.type)})`;
  const summary = sectionSummary(section);
  const name = `seção ${index + 1} (${typeLabel}${summary ? `: ${summary}` : ''})`;

  // A refused save opens the sections it names, so their problems are in view; they stay
  // open while they are fixed.
  const { errors } = useFormState({ name: source });
  const hasProblem = Boolean(get(errors, source));
  const [shownProblem, setShownProblem] = useState(false);
  if (hasProblem !== shownProblem) {
    setShownProblem(hasProblem);
    if (hasProblem) setOpen(true);
  }

  // Asked from the preview: open, come into view and take the focus, once per request
  // (a request made before this card existed is not for it).
  const request = useOpenSectionRequest();
  const sectionId = (section as { id?: unknown } | null)?.id;
  const [handled, setHandled] = useState(request);
  if (request !== handled) {
    setHandled(request);
    if (request?.id === sectionId) setOpen(true);
  }
  const toggle = useRef<HTMLButtonElement>(null);
  const scrolledFor = useRef(request);
  useEffect(() => {
    if (request === scrolledFor.current) return;
    scrolledFor.current = request;
    if (request?.id !== sectionId) return;
    toggle.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    toggle.current?.focus({ preventScroll: true });
  }, [request, sectionId]);

  const line = { content: '""', position: 'absolute', left: 0, right: 0, height: 4, bgcolor: 'primary.main', borderRadius: 2 };
  return (
    <Card
      component="li"
      variant="outlined"
      data-move-key={itemKey}
      data-section-card
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      sx={{
        position: 'relative',
        overflow: 'visible',
        mb: 1.5,
        ...(dropMark === 'before' ? { '&::before': { ...line, top: -8 } } : {}),
        ...(dropMark === 'after' ? { '&::after': { ...line, bottom: -8 } } : {}),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, p: 0.5 }}>
        {/* The mouse's way to move a section; the buttons beside are the keyboard's. */}
        <Box
          draggable
          onDragStart={props.onDragStart}
          onDragEnd={props.onDragEnd}
          aria-hidden
          title="Arraste para mudar a posição"
          data-drag-handle
          sx={{ display: 'flex', p: 0.5, cursor: 'grab', color: 'text.secondary' }}
        >
          <DragIndicatorIcon />
        </Box>
        <ButtonBase
          ref={toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          data-section-toggle
          focusRipple
          sx={{
            flex: 1,
            minWidth: 0,
            justifyContent: 'space-between',
            gap: 1,
            textAlign: 'left',
            p: 1,
            borderRadius: 1,
            '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          }}
        >
          <Box component="span" sx={{ minWidth: 0 }}>
            <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
              {`${index + 1}. ${typeLabel}`}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ display: 'block' }}>
              {summary || 'Sem título'}
            </Typography>
          </Box>
          <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', flexShrink: 0 }} />
        </ButtonBase>
        <IconButton data-move="up" aria-label="Mover para cima" disabled={index === 0} onClick={() => props.onMove('up')}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          data-move="down"
          aria-label="Mover para baixo"
          disabled={index === total - 1}
          onClick={() => props.onMove('down')}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={`Remover ${name}`} onClick={() => props.onRemove(name)}>
          <DeleteIcon />
        </IconButton>
      </Box>
      <Collapse in={open}>
        <Box id={bodyId} sx={{ px: { xs: 1.5, sm: 2 }, pb: 2 }}>
          {type ? (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {type.hint}
              </Typography>
              <FieldInputs fields={type.fields} />
              <MoreOptions />
            </>
          ) : (
            <Typography variant="body2" color="error">
              O painel não conhece este tipo de seção: remova-a ou peça ajuda à equipe técnica.
            </Typography>
          )}
          <Box sx={{ mt: 1 }}>
            <AddSectionMenu label="Adicionar seção abaixo" onAdd={props.onAddBelow} disabled={!props.canAdd} />
          </Box>
        </Box>
      </Collapse>
    </Card>
  );
}

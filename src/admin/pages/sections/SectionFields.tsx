/**
 * The form of a section, generated from its type's fields in shared/page-sections.js
 * (never written per type): one input per field kind, labelled with the schema's
 * pt-BR label and showing its limit, each validated by the sentences of
 * sectionProblems() about it (sectionEditing.ts). Inputs take their `source`
 * relative to the section (react-admin's SourceContext of src/admin/pages/sections/SectionsInput.tsx).
 *
 * Labels come from the shared schema, which the server's problems name too, not from
 * the i18n messages: the inputs get them through spread props.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  ArrayInputBase,
  CheckboxGroupInput,
  SelectInput,
  SimpleFormIteratorBase,
  SimpleFormIteratorItemBase,
  TextInput,
  useArrayInput,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
  useWrappedSource,
} from 'react-admin';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { COLUMN_OPTIONS, sectionProblems } from '../../../../shared/page-sections.js';
import { MarkdownInput } from '../../editor/MarkdownInput';
import { MediaImageInput } from './MediaImageInput';
import {
  COMMON_FIELD_LABELS,
  fieldPrefix,
  formSections,
  parseFieldPath,
  problemsAt,
  sectionFieldValidator,
  type FieldOption,
  type FieldSpec,
} from './sectionEditing';
import { moveButton, useFocusLater } from './useFocusLater';

/** Inputs keep an emptied text as '' (react-admin's default turns it into null). */
const keepText = (value: unknown) => value;

const choicesOf = (options: readonly FieldOption[] = []) => options.map(({ value, label }) => ({ id: value, name: label }));

/** A hint on the left, the live 'n/max' count on the right, as under the meta description. */
function LimitHelper({ hint, count, max }: { hint?: string; count: number; max?: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{hint}</span>
      {max ? (
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-limit-counter>
          {`${count}/${max}`}
        </Box>
      ) : null}
    </Box>
  );
}

/** The length of the text at `source` (relative to the section), live. */
function useLength(source: string): number {
  const value = useWatch({ name: useWrappedSource(source) });
  return typeof value === 'string' ? value.length : 0;
}

const LINK_HINT = 'Um caminho do site (/contato), uma âncora (#faq) ou um endereço https://.';

function TextFieldInput({ name, field }: { name: string; field: FieldSpec }) {
  const count = useLength(name);
  const multiline = field.kind === 'longtext';
  const props = { source: name, label: field.label };
  return (
    <TextInput
      {...props}
      parse={keepText}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      validate={sectionFieldValidator(field.required)}
      helperText={<LimitHelper hint={field.kind === 'link' ? LINK_HINT : undefined} count={count} max={field.max} />}
    />
  );
}

function MarkdownFieldInput({ name, field }: { name: string; field: FieldSpec }) {
  const count = useLength(name);
  const props = { source: name, label: field.label };
  return (
    <MarkdownInput
      {...props}
      minHeight={200}
      validate={sectionFieldValidator(field.required)}
      helperText={field.max ? `${count}/${field.max} caracteres` : undefined}
    />
  );
}

function SelectFieldInput({ name, field, emptyText }: { name: string; field: FieldSpec; emptyText?: string }) {
  const props = { source: name, label: field.label };
  return (
    <SelectInput
      {...props}
      choices={choicesOf(field.options?.filter((option) => option.value !== ''))}
      translateChoice={false}
      emptyText={emptyText ?? 'Padrão'}
      validate={sectionFieldValidator(field.required)}
      helperText={false}
      sx={{ minWidth: 240 }}
    />
  );
}

/** Checkboxes kept in the order they were ticked, which is the order the site shows them in. */
function ChoicesFieldInput({ name, field }: { name: string; field: FieldSpec }) {
  const value = useWatch({ name: useWrappedSource(name) });
  const chosen = (Array.isArray(value) ? value : [])
    .map((choice) => field.options?.find((option) => option.value === choice)?.label ?? String(choice))
    .join(', ');
  const limit = field.max ? `Escolha até ${field.max}` : 'Escolha';
  const props = { source: name, label: field.label };
  return (
    <CheckboxGroupInput
      {...props}
      choices={choicesOf(field.options)}
      translateChoice={false}
      validate={sectionFieldValidator(field.required || Boolean(field.min))}
      helperText={`${limit}; aparecem na ordem em que forem marcados${chosen ? `: ${chosen}` : '.'}`}
    />
  );
}

/** A list item's fields when it is added: empty texts, no choices, selects on their first option. */
function emptyItem(fields: Record<string, FieldSpec> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      field.kind === 'list' || field.kind === 'choices' ? [] : field.kind === 'select' ? (field.options?.[0]?.value ?? '') : '',
    ]),
  );
}

interface ListItemProps {
  field: FieldSpec;
  itemKey: string;
  onMove: (which: 'up' | 'down') => void;
  onRemoved: (index: number) => void;
}

function ListItem({ field, itemKey, onMove, onRemoved }: ListItemProps) {
  const { index, total, reOrder, remove } = useSimpleFormIteratorItem();
  const name = `${field.itemLabel} ${index + 1}`;
  const move = (which: 'up' | 'down') => {
    reOrder(which === 'up' ? index - 1 : index + 1);
    onMove(which);
  };
  return (
    <Box component="li" data-move-key={itemKey} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography component="h3" variant="subtitle2" sx={{ flex: 1 }}>
          {name}
        </Typography>
        <IconButton
          size="small"
          data-move="up"
          aria-label={`Mover ${name} para cima`}
          disabled={index === 0}
          onClick={() => move('up')}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          data-move="down"
          aria-label={`Mover ${name} para baixo`}
          disabled={index === total - 1}
          onClick={() => move('down')}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          data-remove
          aria-label={`Remover ${name}`}
          onClick={() => {
            remove();
            onRemoved(index);
          }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      <FieldInputs fields={field.fields ?? {}} />
    </Box>
  );
}

/** The sentences about the list itself (how many items), once the form was sent or the list touched. */
function ListProblems({ name, field }: { name: string; field: FieldSpec }) {
  const source = useWrappedSource(name);
  // Renders again when this list changes; its count's problems depend on nothing else.
  useWatch({ name: source });
  const { getValues } = useFormContext();
  const sections = formSections(getValues());
  const { isSubmitted, dirtyFields } = useFormState({ name: source });
  const path = parseFieldPath(source);
  const prefix = path ? fieldPrefix(sections, path) : null;
  const problems = prefix && (isSubmitted || get(dirtyFields, source)) ? problemsAt(sectionProblems(sections), prefix) : [];
  const limits = [field.min ? `pelo menos ${field.min}` : '', field.max ? `no máximo ${field.max}` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <FormHelperText error={problems.length > 0} role={problems.length ? 'alert' : undefined}>
      {problems.length ? problems.join(' ') : limits ? `${field.label}: ${limits}.` : ''}
    </FormHelperText>
  );
}

function ListItems({ name, field }: { name: string; field: FieldSpec }) {
  const { fields } = useArrayInput();
  const { add, total } = useSimpleFormIterator();
  const { container, focusLater } = useFocusLater<HTMLOListElement>();
  const addButton = useRef<HTMLButtonElement>(null);
  const full = Boolean(field.max && total >= field.max);
  return (
    <>
      <Box component="ol" ref={container} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((entry, index) => (
          <SimpleFormIteratorItemBase key={entry.id} index={index}>
            <ListItem
              field={field}
              itemKey={entry.id}
              onMove={(which) => focusLater((root) => moveButton(root, entry.id, which))}
              // The focus goes to the item now in its place, else to the previous one, else to 'Adicionar'.
              onRemoved={(removed) =>
                focusLater((root) => {
                  const items = root.querySelectorAll<HTMLElement>(':scope > li');
                  const item = items[Math.min(removed, items.length - 1)];
                  return item ? item.querySelector<HTMLElement>('[data-remove]') : addButton.current;
                })
              }
            />
          </SimpleFormIteratorItemBase>
        ))}
      </Box>
      <Button ref={addButton} startIcon={<AddIcon />} onClick={() => add(emptyItem(field.fields))} disabled={full}>
        {`Adicionar ${String(field.itemLabel).toLowerCase()}`}
      </Button>
      <ListProblems name={name} field={field} />
    </>
  );
}

/** A list of items with their own fields (the cards of a grid, the steps of a process). */
function ListFieldInput({ name, field }: { name: string; field: FieldSpec }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ width: '100%', my: 1 }}>
      <Typography id={labelId} component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {field.label}
      </Typography>
      <ArrayInputBase source={name}>
        <SimpleFormIteratorBase>
          <ListItems name={name} field={field} />
        </SimpleFormIteratorBase>
      </ArrayInputBase>
    </Box>
  );
}

function FieldInput({ name, field, altName }: { name: string; field: FieldSpec; altName?: string }) {
  switch (field.kind) {
    case 'markdown':
      return <MarkdownFieldInput name={name} field={field} />;
    case 'select':
      return <SelectFieldInput name={name} field={field} />;
    case 'choices':
      return <ChoicesFieldInput name={name} field={field} />;
    case 'list':
      return <ListFieldInput name={name} field={field} />;
    case 'image':
      return <MediaImageInput name={name} field={field} altName={altName} />;
    default:
      return <TextFieldInput name={name} field={field} />;
  }
}

/** The image field whose alternative text is `key` (`image_alt` for `image`), if any. */
const imageOfAlt = (fields: Record<string, FieldSpec>, key: string) =>
  key.endsWith('_alt') && fields[key.slice(0, -'_alt'.length)]?.kind === 'image';

/** The inputs of `fields`, in the schema's order; an image with its alternative text beside it. */
export function FieldInputs({ fields }: { fields: Record<string, FieldSpec> }) {
  return (
    <>
      {Object.entries(fields)
        .filter(([key]) => !imageOfAlt(fields, key))
        .map(([key, field]) => {
          const altKey = `${key}_alt`;
          const alt = field.kind === 'image' ? fields[altKey] : undefined;
          if (!alt) return <FieldInput key={key} name={key} field={field} />;
          return (
            <Box
              key={key}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
                columnGap: 2,
                alignItems: 'start',
                width: '100%',
              }}
            >
              <FieldInput name={key} field={field} altName={altKey} />
              <FieldInput name={altKey} field={alt} />
            </Box>
          );
        })}
    </>
  );
}

function Disclosure({
  label,
  open,
  onToggle,
  children,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box sx={{ width: '100%' }}>
      <Button
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />}
      >
        {label}
      </Button>
      <Collapse in={open}>
        <Box id={id} sx={{ pt: 1 }}>
          {children}
        </Box>
      </Collapse>
    </Box>
  );
}

/** 'Mais opções': the anchor and the column every section may have; opened by a problem in them. */
export function MoreOptions() {
  const anchor = useWrappedSource('anchor');
  const column = useWrappedSource('column');
  const { errors } = useFormState({ name: [anchor, column] });
  const problem = Boolean(get(errors, anchor) || get(errors, column));
  const [open, setOpen] = useState(false);
  // Opened by a problem, it stays open while the problem is fixed.
  const [shownProblem, setShownProblem] = useState(false);
  if (problem !== shownProblem) {
    setShownProblem(problem);
    if (problem) setOpen(true);
  }
  const anchorProps = { source: 'anchor', label: COMMON_FIELD_LABELS.anchor };
  return (
    <Disclosure label="Mais opções" open={open} onToggle={() => setOpen(!open)}>
      <TextInput
        {...anchorProps}
        parse={keepText}
        fullWidth
        validate={sectionFieldValidator()}
        helperText="O endereço da seção dentro da página, para links como /quem-somos#valores (letras minúsculas, números e hífens)."
      />
      <SelectFieldInput
        name="column"
        field={{ kind: 'select', label: COMMON_FIELD_LABELS.column, options: COLUMN_OPTIONS }}
        emptyText={COLUMN_OPTIONS.find((option) => option.value === '')?.label}
      />
    </Disclosure>
  );
}

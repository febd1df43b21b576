/**
 * The form of a catalogue record, generated from shared/catalog.js (the same list the
 * server checks): texts with their limits, ordered lists whose rows move up or down,
 * the line, datasheet and related products chosen by name, images from Mídia with their
 * alternative text. A seeded record's own site images (src/assets) show until a Mídia
 * image replaces them (src/admin/catalog/catalogForm.ts says what a save sends).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useSimpleFormIteratorItem,
} from 'react-admin';
import { Fragment } from 'react';
import { useWatch } from 'react-hook-form';
import { CATALOG_ORDER } from '../../../shared/catalog.js';
import { useSiteAssetUrl } from '../dataProvider';
import { MediaImageInput } from '../pages/sections/MediaImageInput';
import { ScheduleInput } from '../posts/ScheduleInput';
import { CATALOG_RESOURCES, fieldsOf, type CatalogKind } from './catalogForm';

/** What a relation's options show: a product by its model, the others by name. */
const OPTION_TEXT: Record<CatalogKind, string> = {
  products: 'model',
  product_lines: 'name',
  datasheets: 'name',
  software: 'name',
};

/** Long texts get a multi-line box. */
const MULTILINE_FROM = 200;

const limits = (field: { min?: number; max?: number; required?: boolean }) =>
  `${field.required ? '' : 'Opcional. '}${field.min && field.min > 1 ? `De ${field.min} a ${field.max}` : `Até ${field.max}`} caracteres.`;

/** A site file kept by a seeded record, shown until a Mídia image replaces it. */
function SiteImage({ path, alt }: { path: string; alt: string }) {
  const siteAssetUrl = useSiteAssetUrl();
  return (
    <Alert severity="info" icon={false} sx={{ mb: 1, maxWidth: 600 }}>
      <Box
        component="img"
        src={siteAssetUrl(path)}
        alt={alt}
        width={160}
        height={112}
        sx={{ display: 'block', objectFit: 'contain', mb: 1, bgcolor: 'common.white' }}
      />
      Uma imagem do próprio site ({path}). Escolher uma imagem na Mídia a substitui.
    </Alert>
  );
}

/** One image of a product: its Mídia image (or the site file it keeps) and its alternative text. */
function ProductImage() {
  const { index } = useSimpleFormIteratorItem();
  const [builtin, image] = useWatch({ name: [`images.${index}.builtin`, `images.${index}.image`] }) as [unknown, unknown];
  return (
    <Box sx={{ width: '100%' }}>
      {typeof builtin === 'string' && builtin && !image ? (
        <SiteImage path={builtin} alt={`Imagem ${index + 1} atual, um arquivo do próprio site`} />
      ) : null}
      <MediaImageInput name="image" altName="alt" field={{ kind: 'image', label: `Imagem ${index + 1}` }} />
      <TextInput
        source="alt"
        label="resources.products.fields.image_alt"
        helperText="De 10 a 200 caracteres: o que a imagem mostra."
        fullWidth
      />
    </Box>
  );
}

/** One text of a list, named by its place ('Especificação 2') for screen readers. */
function ListItemInput({ itemLabel }: { itemLabel: string }) {
  const { index } = useSimpleFormIteratorItem();
  return (
    <TextInput
      source="text"
      label="admin.catalog.item"
      helperText={false}
      slotProps={{ htmlInput: { 'aria-label': `${itemLabel} ${index + 1}` } }}
      fullWidth
    />
  );
}

/** A line's picture: the site file it keeps, or its Mídia image. */
function LineImage() {
  const [builtin, image] = useWatch({ name: ['builtin_image', 'image'] }) as [unknown, unknown];
  return (
    <>
      {typeof builtin === 'string' && builtin && !image ? (
        <SiteImage path={builtin} alt="Imagem atual da linha, um arquivo do próprio site" />
      ) : null}
      <MediaImageInput name="image" altName="image_alt" field={{ kind: 'image', label: 'Imagem' }} />
    </>
  );
}

export function CatalogFields({ kind }: { kind: CatalogKind }) {
  return (
    <>
      {fieldsOf(kind).map(([name, field]) => {
        switch (field.kind) {
          case 'order':
            return (
              <NumberInput
                key={name}
                source={name}
                min={CATALOG_ORDER.min}
                max={CATALOG_ORDER.max}
                step={1}
                helperText="1 aparece primeiro."
              />
            );
          case 'bool':
            return <BooleanInput key={name} source={name} />;
          case 'select':
            return (
              <Fragment key={name}>
                <SelectInput
                  source={name}
                  choices={(field.options ?? []).map((option) => ({ id: option.value, name: option.label }))}
                />
                {/* A product's 'Agendado' asks when, as a post's and a page's do. */}
                {kind === 'products' && name === 'status' ? (
                  <ScheduleInput helperText="Data e hora (horário de Brasília) em que o produto será publicado." />
                ) : null}
              </Fragment>
            );
          case 'relation': {
            const to = field.to as CatalogKind;
            return (
              <ReferenceInput
                key={name}
                source={name}
                reference={CATALOG_RESOURCES[to]}
                sort={{ field: 'order', order: 'ASC' }}
                perPage={200}
              >
                <AutocompleteInput optionText={OPTION_TEXT[to]} parse={(value: string | null) => value ?? ''} />
              </ReferenceInput>
            );
          }
          case 'relations': {
            const to = field.to as CatalogKind;
            return (
              <ReferenceArrayInput
                key={name}
                source={name}
                reference={CATALOG_RESOURCES[to]}
                sort={{ field: 'model', order: 'ASC' }}
                perPage={200}
              >
                <AutocompleteArrayInput optionText={OPTION_TEXT[to]} helperText={`Até ${field.max}.`} />
              </ReferenceArrayInput>
            );
          }
          case 'list':
            return (
              <ArrayInput key={name} source={name} helperText={`De ${field.min} a ${field.max} itens, na ordem em que aparecem.`}>
                <SimpleFormIterator disableClear getItemLabel={(index) => `${index + 1}.`}>
                  <ListItemInput itemLabel={field.itemLabel ?? 'Item'} />
                </SimpleFormIterator>
              </ArrayInput>
            );
          case 'images':
            return (
              <ArrayInput
                key={name}
                source={name}
                helperText={`De ${field.min} a ${field.max} imagens; a primeira é a do cartão.`}
              >
                <SimpleFormIterator disableClear getItemLabel={(index) => `${index + 1}.`}>
                  <ProductImage />
                </SimpleFormIterator>
              </ArrayInput>
            );
          case 'image':
            return <LineImage key={name} />;
          default:
            return (
              <TextInput
                key={name}
                source={name}
                multiline={field.kind === 'longtext' && (field.max ?? 0) >= MULTILINE_FROM}
                minRows={field.kind === 'longtext' && (field.max ?? 0) >= MULTILINE_FROM ? 3 : undefined}
                helperText={field.kind === 'slug' ? 'Letras minúsculas, números e hífens: é o endereço no site.' : limits(field)}
                fullWidth
              />
            );
        }
      })}
    </>
  );
}

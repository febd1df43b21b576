/**
 * A partner: its short name, full name (the logo's alternative text) and kind
 * (src/admin/common/PieceFields.tsx), its place in the list, and its logo, an image
 * chosen in Mídia with the picker the page sections use. A seeded partner shows the
 * site's own SVG mark (`builtin_logo`; Mídia refuses SVG) until an image from Mídia
 * replaces it: the save then clears the mark (the API lets editors clear it, never set it).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { SimpleForm, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PieceFields, validatePiece } from '../common/PieceFields';
import { useSiteAssetUrl } from '../dataProvider';
import { MediaImageInput } from '../pages/sections/MediaImageInput';

/** The body a save sends: a logo from Mídia replaces the site's own mark. */
export function partnerBody(values: Record<string, unknown>): Record<string, unknown> {
  if (typeof values.logo === 'string' && values.logo.trim()) return { ...values, builtin_logo: '' };
  const rest = { ...values };
  delete rest.builtin_logo;
  return rest;
}

/** The site's own mark, while no Mídia image replaces it. */
function BuiltinLogo() {
  const siteAssetUrl = useSiteAssetUrl();
  const [builtin, logo] = useWatch({ name: ['builtin_logo', 'logo'] }) as [unknown, unknown];
  if (typeof builtin !== 'string' || !builtin || (typeof logo === 'string' && logo)) return null;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2, maxWidth: 600 }}>
      <Box
        component="img"
        src={siteAssetUrl(builtin)}
        alt="Logotipo atual, um arquivo do próprio site"
        width={160}
        height={80}
        sx={{ display: 'block', objectFit: 'contain', mb: 1, bgcolor: 'common.white' }}
      />
      Este parceiro usa um logotipo do próprio site ({builtin}). Escolher uma imagem na Mídia o substitui.
    </Alert>
  );
}

export function PartnerForm() {
  const translate = useTranslate();
  return (
    <SimpleForm validate={(values) => validatePiece('partners', values)} defaultValues={{ order: 1 }}>
      <PieceFields kind="partners" />
      <BuiltinLogo />
      <MediaImageInput name="logo" field={{ kind: 'image', label: translate('resources.partners.fields.logo') }} />
    </SimpleForm>
  );
}

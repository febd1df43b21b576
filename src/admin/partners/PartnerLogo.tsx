/**
 * A partner's logo as staff see it: the Mídia image's thumbnail, or the site's own file
 * (the seeded SVG marks, served through pb_hooks/preview.pb.js), on a light box so a
 * white mark still shows.
 */
import Box from '@mui/material/Box';
import { useGetOne } from 'react-admin';
import { MEDIA_ID_PATTERN } from '../../../shared/page-sections.js';
import { useSiteAssetUrl } from '../dataProvider';
import { useMediaUrls, type MediaRecord } from '../media/types';

/** Wide and low, as logos are; smaller in a phone's list. */
const BOXES = { normal: { width: 96, height: 48 }, small: { width: 64, height: 32 } };

export function PartnerLogo({ record, small = false }: { record: Record<string, unknown>; small?: boolean }) {
  const siteAssetUrl = useSiteAssetUrl();
  const { thumbUrl } = useMediaUrls();
  const logo = typeof record.logo === 'string' ? record.logo : '';
  const { data: media } = useGetOne<MediaRecord>('media', { id: logo }, { enabled: new RegExp(MEDIA_ID_PATTERN).test(logo) });
  const builtin = typeof record.builtin_logo === 'string' ? record.builtin_logo : '';
  const src = media ? thumbUrl(media) : !logo && builtin ? siteAssetUrl(builtin) : '';
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={`Logotipo: ${String(record.full_name ?? record.name ?? '')}`}
      {...BOXES[small ? 'small' : 'normal']}
      sx={{ objectFit: 'contain', display: 'block', borderRadius: 1, bgcolor: 'grey.50' }}
    />
  );
}

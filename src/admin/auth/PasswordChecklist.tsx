import CheckIcon from '@mui/icons-material/CheckCircle';
import PendingIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PASSWORD_REQUIREMENTS } from './passwordRules';
import { visuallyHidden } from '../common/visuallyHidden';

/**
 * The password rule under the password field, each requirement marked as it is met
 * while the person types (the same rule the server applies).
 */
export function PasswordChecklist<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const password = String(useWatch({ control, name }) ?? '');
  return (
    <Box component="ul" aria-label="Requisitos da senha" sx={{ listStyle: 'none', m: 0, p: 0, mt: -1 }} data-password-rules>
      {PASSWORD_REQUIREMENTS.map(({ label, met }) => {
        const ok = met(password);
        return (
          <Typography
            component="li"
            variant="body2"
            key={label}
            data-met={ok}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: ok ? 'success.dark' : 'text.secondary' }}
          >
            {ok ? <CheckIcon fontSize="small" aria-hidden /> : <PendingIcon fontSize="small" aria-hidden />}
            {label}
            <Box component="span" sx={visuallyHidden}>
              {ok ? ': atendido' : ': pendente'}
            </Box>
          </Typography>
        );
      })}
    </Box>
  );
}

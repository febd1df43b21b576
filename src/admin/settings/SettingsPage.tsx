/**
 * 'Configurações' (admins only): the public_site_settings rows as one form in four
 * tabs. One save writes every changed key (an update per changed row; a row is
 * created when its key is missing). The SMTP password is write-only: the server
 * moves it into PocketBase's mail settings and stores '' (pb_hooks/lib/settings/settings.js),
 * so the field always starts empty and an empty field keeps the stored password.
 * Integrações also sets the e-mails' sender and encryption, and sends a test e-mail
 * (TestMailSection).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useState, type FormEvent } from 'react';
import { HttpError, useDataProvider, useGetList, useNotify, type RaRecord } from 'react-admin';
import { canAccessArea } from '../access';
import { AccessDenied } from '../common/AccessDenied';
import { useActor } from '../common/useActor';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useMutationOnce } from '../common/useMutationOnce';
import { Spinner } from '../layout/AccessGate';
import { TestMailSection } from './TestMailSection';
import {
  MAIL_KEYS,
  SECRET_KEY,
  TABS,
  changedKeys,
  settingError,
  tabOf,
  validateSettings,
  valuesFromRows,
  type FieldSpec,
  type SettingKey,
  type SettingValues,
} from './settingsRules';

/** The data provider's route name for public_site_settings (src/admin/resources.ts). */
const RESOURCE = 'settings';
const LOADING_TEXT = 'Carregando configurações...';
const SAVE_ERROR = 'Erro ao salvar configurações';

interface SettingRow extends RaRecord {
  id: string;
  key: string;
  value: string;
}

type Errors = Partial<Record<SettingKey, string>>;

const labelOf = (key: SettingKey) => tabOf(key).fields.find((field) => field.key === key)!.label;

/** The server's field message for the row's value, if it sent one. */
function serverFieldError(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors?.value : undefined;
}

function SettingsForm({ rows: initialRows }: { rows: SettingRow[] }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [rows, setRows] = useState(initialRows);
  const [stored, setStored] = useState(() => valuesFromRows(initialRows));
  const [values, setValues] = useState<SettingValues>(stored);
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState(TABS[0]!.id);

  const change = (key: SettingKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // Once a field shows an error, it follows the typing.
    if (errors[key]) setErrors((current) => ({ ...current, [key]: settingError(key, value) ?? undefined }));
  };
  const blur = (key: SettingKey) => setErrors((current) => ({ ...current, [key]: settingError(key, values[key]) ?? undefined }));

  const writeRow = (key: SettingKey, value: string) => {
    const row = rows.find((item) => item.key === key);
    return row
      ? dataProvider.update<SettingRow>(RESOURCE, { id: row.id, data: { value }, previousData: row })
      : dataProvider.create<SettingRow>(RESOURCE, { data: { key, value } });
  };

  /** Writes each changed row (a failure does not stop the others), then reads back what the server holds. */
  const write = useMutationOnce({
    mutationKey: ['settings', 'save'],
    mutationFn: async ({ keys, saved }: { keys: SettingKey[]; saved: SettingValues }) => {
      const failures: { key: SettingKey; error: unknown }[] = [];
      for (const key of keys) {
        try {
          await writeRow(key, key === SECRET_KEY ? saved[key] : saved[key].trim());
        } catch (error) {
          failures.push({ key, error });
        }
      }
      // Read back what the server now holds (it may have normalized values).
      let fresh = rows;
      try {
        const { data } = await dataProvider.getList<SettingRow>(RESOURCE, {
          pagination: { page: 1, perPage: 200 },
          sort: { field: 'key', order: 'ASC' },
          filter: {},
        });
        fresh = data;
      } catch {
        // Keep the rows we had; the next visit reloads them.
      }
      return { failures, fresh };
    },
  });
  const saving = write.isPending;

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const found = validateSettings(values);
    setErrors(found);
    const invalid = Object.keys(found) as SettingKey[];
    if (invalid.length) {
      setTab(tabOf(invalid[0]!).id);
      return;
    }
    const keys = changedKeys(stored, values);
    if (keys.length === 0) {
      notify('Nenhuma alteração para salvar.', { type: 'info' });
      return;
    }
    write.mutate({ keys, saved: values }, { onSuccess: ({ failures, fresh }) => settle(failures, fresh) });
  };

  /** Shows what the server now holds, keeping what failed as typed, and says how the save went. */
  const settle = (failures: { key: SettingKey; error: unknown }[], fresh: SettingRow[]) => {
    const freshValues = valuesFromRows(fresh);
    const failed = new Set(failures.map((failure) => failure.key));
    setRows(fresh);
    setStored(freshValues);
    setValues((current) => {
      const next = { ...freshValues };
      for (const key of failed) next[key] = current[key];
      return next;
    });

    if (failures.length === 0) {
      notify('Configurações salvas com sucesso!', { type: 'success' });
      return;
    }
    const fieldErrors: Errors = {};
    for (const { key, error } of failures) {
      const message = serverFieldError(error);
      if (message) fieldErrors[key] = message;
    }
    setErrors(fieldErrors);
    const first = failures[0]!;
    const firstField = serverFieldError(first.error);
    setTab(tabOf(first.key).id);
    notify(
      firstField
        ? `${SAVE_ERROR}: ${labelOf(first.key)}: ${firstField}`
        : first.error instanceof Error
          ? first.error.message
          : `${SAVE_ERROR}: ${String(first.error)}`,
      { type: 'error' },
    );
  };

  const renderField = (field: FieldSpec) => {
    const error = errors[field.key];
    const isSecret = field.key === SECRET_KEY;
    return (
      <TextField
        key={field.key}
        id={`setting-${field.key}`}
        name={field.key}
        label={field.label}
        type={field.choices ? undefined : (field.type ?? 'text')}
        select={Boolean(field.choices)}
        multiline={field.multiline}
        minRows={field.multiline ? 3 : undefined}
        placeholder={field.placeholder}
        value={values[field.key]}
        onChange={(event) => change(field.key, event.target.value)}
        onBlur={() => blur(field.key)}
        error={Boolean(error)}
        helperText={error ?? field.helperText}
        autoComplete={isSecret ? 'new-password' : 'off'}
        disabled={saving}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 1000, 'data-setting': field.key } }}
      >
        {field.choices?.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
    );
  };
  const mailUnsaved = changedKeys(stored, values).some((key) => MAIL_KEYS.includes(key));

  const active = TABS.find((item) => item.id === tab) ?? TABS[0]!;
  const tabHasError = (id: string) => TABS.find((item) => item.id === id)!.fields.some((field) => errors[field.key]);

  return (
    <Card component="form" onSubmit={save} noValidate aria-label="Configurações do site">
      {/* On a phone the tabs scroll, with arrows showing that more follow. */}
      <Tabs
        value={tab}
        onChange={(_, value: string) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Seções das configurações"
      >
        {TABS.map((item) => (
          <Tab
            key={item.id}
            value={item.id}
            id={`settings-tab-${item.id}`}
            aria-controls={`settings-panel-${item.id}`}
            label={item.label}
            sx={tabHasError(item.id) ? { color: 'error.main' } : undefined}
          />
        ))}
      </Tabs>
      <CardContent>
        <Stack
          spacing={2.5}
          role="tabpanel"
          id={`settings-panel-${active.id}`}
          aria-labelledby={`settings-tab-${active.id}`}
          sx={{ maxWidth: 720, pt: 1 }}
        >
          {active.fields.map(renderField)}
        </Stack>
        {active.id === tabOf('smtp_host').id ? <TestMailSection unsaved={mailUnsaved} disabled={saving} /> : null}
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function SettingsLoader() {
  const notify = useNotify();
  const { data, isPending, error } = useGetList<SettingRow>(
    RESOURCE,
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'key', order: 'ASC' } },
    {
      // Always read fresh rows when the page opens; the form keeps its own copy afterwards.
      gcTime: 0,
      refetchOnWindowFocus: false,
      retry: false,
      onError: (failure) => notify(failure.message, { type: 'error' }),
    },
  );
  if (isPending) return <Spinner label={LOADING_TEXT} />;
  if (error || !data) return <Alert severity="error">{error?.message ?? 'Erro ao carregar configurações'}</Alert>;
  return <SettingsForm rows={data} />;
}

export default function SettingsPage() {
  useDocumentTitle('Configurações');
  const { actor, isPending } = useActor();
  if (isPending) return <Spinner label={LOADING_TEXT} />;
  if (!canAccessArea(actor, 'settings', 'list')) return <AccessDenied area="settings" />;
  return (
    <Box sx={{ py: 2 }}>
      <Typography sx={{ fontWeight: 700 }} component="h1" variant="h4" gutterBottom>
        Configurações
      </Typography>
      <SettingsLoader />
    </Box>
  );
}

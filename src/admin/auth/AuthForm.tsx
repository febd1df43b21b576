/**
 * The sign-in screens' forms: react-hook-form with react-admin's inputs (react-admin's
 * own <Form> renders a <form> that takes no accessible name, which these screens and
 * their tests need). One message is shown at a time, above or below the fields:
 * a screen's rule (passwordRules.ts) checked on submit, or the server's answer, both
 * kept as the form's FORM_ERROR.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PasswordInput as RaPasswordInput, TextInput, type TextInputProps } from 'react-admin';
import {
  FormProvider,
  useForm,
  useFormState,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

const FORM_ERROR = 'form';

/**
 * A form whose rule returns its one message (or null). Each submit checks the rule
 * again and clears an earlier server answer.
 */
export function useAuthForm<T extends FieldValues>(
  defaultValues: DefaultValues<T>,
  rule: (values: T) => string | null = () => null,
): UseFormReturn<T> {
  const resolver: Resolver<T> = (values) => {
    const message = rule(values);
    // FORM_ERROR names no field: the whole form's message.
    return message
      ? { values: {}, errors: { [FORM_ERROR]: { type: 'rule', message } } as FieldErrors<T> }
      : { values, errors: {} };
  };
  return useForm<T>({ defaultValues, resolver });
}

/** Shows the server's answer where the rule's message goes. */
export function setFormError<T extends FieldValues>(form: UseFormReturn<T>, message: string) {
  form.setError(FORM_ERROR as Path<T>, { type: 'server', message });
}

export function AuthForm<T extends FieldValues>({
  form,
  label,
  onSubmit,
  children,
}: {
  form: UseFormReturn<T>;
  /** The form's accessible name. */
  label: string;
  onSubmit: SubmitHandler<T>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <Stack component="form" spacing={2} onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={label}>
        {children}
      </Stack>
    </FormProvider>
  );
}

/** The form's one message, if any. */
export function FormError() {
  const { errors } = useFormState();
  const message = errors[FORM_ERROR]?.message;
  return message ? <Alert severity="error">{String(message)}</Alert> : null;
}

/**
 * The sign-in cards' look: outlined fields, no reserved helper line (the message is
 * FormError's); an emptied field stays '' (react-admin's inputs would make it null).
 */
const LOOK = {
  variant: 'outlined',
  size: 'medium',
  margin: 'none',
  helperText: false,
  fullWidth: true,
  parse: (value: string) => value,
} as const;

export function AuthTextInput(props: TextInputProps) {
  return <TextInput {...LOOK} {...props} />;
}

/** react-admin's password input (its show/hide toggle reads 'Mostrar senha' / 'Ocultar senha'). */
export function AuthPasswordInput(props: TextInputProps) {
  return <RaPasswordInput {...LOOK} {...props} />;
}

/** Drops every space as it is typed (e-mail fields). */
export const noSpaces = (value: string) => value.replace(/\s/g, '');

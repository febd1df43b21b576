/** The contact form's option labels, from the file the public form uses too. */
import contactForm from '../../../shared/contact-form.json';

type Option = { value: string; label: string };

const options = contactForm.options as Record<'hasMachine' | 'volume' | 'interest', Option[]>;

const toChoices = (list: Option[]) => list.map((option) => ({ id: option.value, name: option.label }));

export const INTEREST_CHOICES = toChoices(options.interest);

const labelOf = (list: Option[]) => (value: unknown) =>
  list.find((option) => option.value === value)?.label ?? String(value ?? '');

export const hasMachineLabel = labelOf(options.hasMachine);
export const volumeLabel = labelOf(options.volume);
export const interestLabel = labelOf(options.interest);

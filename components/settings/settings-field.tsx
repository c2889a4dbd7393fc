'use client';

import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

import { Field, type FieldProps } from '@/components/auth/field';

/** How the settings forms validate: on submit, keeping focus where it is; a field's message goes as its user types. */
export const SETTINGS_FORM_OPTIONS = { reValidateMode: 'onSubmit', shouldFocusError: false } as const;

type Props<Values extends FieldValues, Transformed> = Omit<FieldProps, 'form' | 'name' | 'value' | 'error' | 'onBlur' | 'onChange' | 'onValueChange'> & {
  form: UseFormReturn<Values, unknown, Transformed>;
  name: FieldPath<Values>;
  /** Anything else typing starts over (a form-level refusal, a shown success). */
  onType?: () => void;
};

/** A settings form's field, bound to react-hook-form: its message is cleared as soon as the user types in it. */
export function SettingsField<Values extends FieldValues, Transformed>({ form, name, onType, ...inputProps }: Props<Values, Transformed>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <Field
      {...inputProps}
      name={field.name}
      value={field.value ?? ''}
      error={fieldState.error?.message}
      onBlur={field.onBlur}
      onValueChange={(value) => {
        onType?.();
        field.onChange(value);
        form.clearErrors(name);
      }}
    />
  );
}

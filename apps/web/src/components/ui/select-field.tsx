import { type SelectHTMLAttributes, useId } from 'react';

/** A labelled <select> with the field's first message under it. */
export function SelectField({
  label,
  errors,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; errors?: string[] | undefined }) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border bg-zinc-900 px-3 py-2 text-sm text-zinc-100 ${
          invalid ? 'border-red-500' : 'border-zinc-700'
        }`}
        {...select}
      >
        {children}
      </select>
      {invalid ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-400" data-field-error>
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

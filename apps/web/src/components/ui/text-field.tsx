import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

type FieldProps = {
  label: string;
  /** Messages of this field (from the core validation or the server's `errors`). */
  errors?: string[] | undefined;
  hint?: string;
};

const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-zinc-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:outline-2 focus:outline-offset-0 disabled:opacity-60 ${
    invalid ? 'border-red-500 focus:outline-red-500' : 'border-zinc-700 focus:outline-brand-500'
  }`;

function FieldFrame({
  id,
  label,
  errors,
  hint,
  children,
}: FieldProps & { id: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-400" data-field-error>
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, props: FieldProps) =>
  [props.hint ? `${id}-hint` : '', props.errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') ||
  undefined;

export function TextField({
  label,
  errors,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <FieldFrame id={id} label={label} errors={errors} {...(hint ? { hint } : {})}>
      <input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, { label, errors, ...(hint ? { hint } : {}) })}
        className={inputClass(invalid)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <FieldFrame id={id} label={label} errors={errors} {...(hint ? { hint } : {})}>
      <textarea
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, { label, errors, ...(hint ? { hint } : {}) })}
        className={`${inputClass(invalid)} min-h-32`}
        {...area}
      />
    </FieldFrame>
  );
}

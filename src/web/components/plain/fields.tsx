import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import css from './plain.module.css';
import { StrokeIcon } from './StrokeIcon';

interface FieldProps {
  label: string;
  /** Shown under the input, which is then marked invalid and described by it. */
  error?: string;
}

/** A label, the control it names and its error: Mantine's Input.Wrapper, without Mantine. */
function Field({ label, error, id, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div className={css.error} id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

const invalid = (id: string, error?: string) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

// The field draws its own control (its id and class): callers give the rest.
type InputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** Mantine's TextInput (size sm), without Mantine. */
export function TextField({ label, error, ...input }: InputProps) {
  const id = useId();
  return (
    <Field label={label} error={error} id={id}>
      <input id={id} className={css.input} {...invalid(id, error)} {...input} />
    </Field>
  );
}

/** Mantine's PasswordInput: a text field whose eye button shows what was typed. */
export function PasswordField({ label, error, ...input }: Omit<InputProps, 'type'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} id={id}>
      <div className={css.inputBox}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${css.input} ${css.withToggle}`}
          {...invalid(id, error)}
          {...input}
        />
        {/* Out of the tab order and of the accessible tree, as Mantine's: the field keeps one name. */}
        <button
          type="button"
          className={css.toggle}
          tabIndex={-1}
          aria-hidden
          onClick={() => setVisible((v) => !v)}
        >
          <StrokeIcon size={18}>
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M3 3l18 18" />}
          </StrokeIcon>
        </button>
      </div>
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> & {
    options: SelectOption[];
    /** The first option, chosen and not choosable until a value is. */
    prompt: string;
  };

/** Mantine's NativeSelect: the browser's own list (a phone shows its picker). */
export function SelectField({ label, error, options, prompt, value, ...select }: SelectProps) {
  const id = useId();
  return (
    <Field label={label} error={error} id={id}>
      <select id={id} className={css.input} value={value ?? ''} {...invalid(id, error)} {...select}>
        <option value="" disabled>
          {prompt}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'role'> & {
  label: ReactNode;
  /** Drawn as a switch, and announced as one (role="switch"). */
  asSwitch?: boolean;
};

/** Mantine's Checkbox or Switch (size sm): the browser's own checkbox, labelled. */
export function CheckboxField({ label, asSwitch, ...input }: CheckboxProps) {
  return (
    <label className={css.check}>
      <input
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        className={asSwitch ? css.switch : css.checkbox}
        {...input}
      />
      <span>{label}</span>
    </label>
  );
}

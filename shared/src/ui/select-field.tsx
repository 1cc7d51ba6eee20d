import type { SelectHTMLAttributes } from 'react';
import styles from './controls.module.css';

export interface SelectOption {
  value: string | number;
  label: string;
  /** Offered but not choosable (a filter's choice that would give nothing). */
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
}

/** A native <select>: keyboard, screen readers and phones' pickers for free, and it submits with its form. */
export function Select({ options, className, ...props }: SelectProps) {
  return (
    <select className={[styles.select, className ?? ''].filter(Boolean).join(' ')} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export interface SelectFieldProps extends SelectProps {
  id: string;
  label: string;
  fieldClassName?: string;
}

/** A labelled native select, the label above it. */
export function SelectField({ id, label, fieldClassName, ...props }: SelectFieldProps) {
  return (
    <div className={[styles.field, fieldClassName ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <Select id={id} {...props} />
    </div>
  );
}

/** The label style of SelectField, for layouts that place the label themselves. */
export const fieldLabelClassName = styles.label;

import { Form } from 'antd';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  /** The input's id, so the label points at it. */
  htmlFor: string;
  error?: string;
  extra?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/**
 * A labelled form row for react-hook-form inputs, showing the field's error under it. antd's required mark
 * is CSS content; global.css gives it empty alternative text so the field's name stays 'Name', not '* Name'.
 */
export function FormField({ label, htmlFor, error, extra, required, children }: FormFieldProps) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${htmlFor}-error`}>{error}</span> : undefined}
      extra={extra}
      layout="vertical"
    >
      {children}
    </Form.Item>
  );
}

/** aria attributes tying an input to its FormField error (and saying it is required, when it is). */
export function fieldAria(id: string, error?: string, required?: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required ? true : undefined,
  } as const;
}

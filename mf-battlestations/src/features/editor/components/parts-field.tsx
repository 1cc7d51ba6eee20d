import { DeleteOutlined } from '@ant-design/icons';
import { useSession } from '@battledeck/shared/session';
import type { LoginRedirectState } from '@battledeck/shared/ui';
import { PartPicker, SubmitPartDialog } from '@battledeck/shared/widgets';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PartItem } from '../utils/form-schema';
import styles from './station-form.module.css';

export interface PartsFieldProps {
  value: PartItem[];
  onChange: (parts: PartItem[]) => void;
}

/** The part list: the shared picker (autocomplete), each part removable, and 'Submit New Part'. */
export function PartsField({ value, onChange }: PartsFieldProps) {
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState('');
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<HTMLUListElement>(null);

  const openSubmitPart = () => {
    if (user) setSubmitting(true);
    else navigate('/login', { state: { from: location.pathname } satisfies LoginRedirectState });
  };

  const add = (part: PartItem) => {
    onChange([...value, { part_id: part.part_id, name: part.name, type_name: part.type_name, type_path: part.type_path }]);
    setStatus(`${part.name} added.`);
  };

  const pickExisting = (part: PartItem) => {
    if (value.some((p) => p.part_id === part.part_id)) setStatus(`${part.name} is already on the list.`);
    else add(part);
  };

  const remove = (index: number) => {
    const part = value[index];
    setStatus(`${part.name} removed.`);
    onChange(value.filter((_, i) => i !== index));
    // Focus moves to the next remove button, else the previous one, else the picker's search box.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      if (next) next.focus();
      else document.querySelector<HTMLInputElement>('[aria-label="Search parts"]')?.focus();
    });
  };

  return (
    <div className={styles.parts}>
      <PartPicker
        onAdd={add}
        excludeIds={value.map((part) => part.part_id)}
      />
      <p className={styles.submitPartRow}>
        Can&apos;t find a part?{' '}
        <Button type="link" onClick={openSubmitPart} className={styles.submitPart}>
          Submit New Part
        </Button>
      </p>
      {value.length > 0 && (
        <ul ref={list} className={styles.partList} aria-label="Selected parts">
          {value.map((part, index) => (
            <li key={part.part_id} className={styles.partRow}>
              <span className={styles.partType}>{part.type_name}</span>
              <span className={styles.partName}>{part.name}</span>
              <Button type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(index)} aria-label={`Remove ${part.name}`} />
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {/* Picking a suggested existing part adds it here: leaving for its page would lose the unsaved station (decision 021). */}
      <SubmitPartDialog open={submitting} onClose={() => setSubmitting(false)} onPickPart={pickExisting} />
    </div>
  );
}

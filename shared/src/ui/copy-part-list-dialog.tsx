import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { battlestationPartsQueryOptions } from '../api/battlestation-parts';
import { toCsv, toRedditMarkdown } from '../format/part-list';
import { Button } from './button';
import { Dialog } from './dialog';
import styles from './copy-part-list-dialog.module.css';

type Format = 'reddit' | 'csv';
const FORMATS: { value: Format; label: string }[] = [
  { value: 'reddit', label: 'Reddit Markdown' },
  { value: 'csv', label: 'CSV' },
];

export interface CopyPartListDialogProps {
  open: boolean;
  battlestationId: number;
  battlestationName: string;
  onClose: () => void;
}

function CopyPartListContent({ battlestationId, battlestationName, onClose }: Omit<CopyPartListDialogProps, 'open'>) {
  const [format, setFormat] = useState<Format>('reddit');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const textArea = useRef<HTMLTextAreaElement>(null);
  const parts = useQuery(battlestationPartsQueryOptions(battlestationId));
  useEffect(() => setCopied('no'), [format]);

  const text = parts.data
    ? (format === 'reddit' ? toRedditMarkdown : toCsv)({ name: battlestationName, battlestationId, parts: parts.data, origin: window.location.origin })
    : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch (error) {
      // No clipboard access (an insecure origin, a denied permission): select the text for Ctrl+C instead.
      console.warn('Copying to the clipboard failed:', error);
      textArea.current?.focus();
      textArea.current?.select();
      setCopied('failed');
    }
  };

  const footer = (
    <>
      <Button onClick={onClose}>Close</Button>
      <Button variant="primary" onClick={copy} disabled={!parts.data}>
        {copied === 'yes' ? 'Copied!' : 'Copy'}
      </Button>
    </>
  );

  return (
    <Dialog title="Copy Part List" onClose={onClose} footer={footer}>
      {parts.isPending && (
        <p role="status" className={styles.status}>
          Loading...
        </p>
      )}
      {parts.isError && (
        <p role="alert" className={styles.error}>
          Unable to load the part list. Please try again later.
        </p>
      )}
      {parts.data && (
        <>
          <div role="radiogroup" aria-label="Format" className={styles.formats}>
            {FORMATS.map((option) => (
              <label key={option.value} className={styles.format}>
                <input type="radio" name="part-list-format" value={option.value} checked={format === option.value} onChange={() => setFormat(option.value)} />
                {option.label}
              </label>
            ))}
          </div>
          <textarea
            ref={textArea}
            className={styles.text}
            value={text}
            readOnly
            rows={12}
            aria-label={`Part list as ${format === 'reddit' ? 'Reddit Markdown' : 'CSV'}`}
          />
          <p role="status" className={styles.note}>
            {copied === 'yes' && <span className="visually-hidden">Copied!</span>}
            {copied === 'failed' && 'Copying is not allowed here: the text is selected, press Ctrl+C (⌘C) to copy it.'}
          </p>
        </>
      )}
    </Dialog>
  );
}

/** 'Copy Part List': the station's parts as a Reddit Markdown table or CSV, with a Copy button (no antd: public pages use it). */
export function CopyPartListDialog({ open, ...props }: CopyPartListDialogProps) {
  return open ? <CopyPartListContent {...props} /> : null;
}

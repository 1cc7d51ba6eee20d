import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { battlestationPartsQueryOptions } from '@battledeck/shared/api';
import { PART_LIST_FORMATS, partListFileName, type PartListFormat } from '@battledeck/shared/format';
import { Button, buttonClassName } from './button';
import { Dialog } from './dialog';
import styles from './copy-part-list-dialog.module.css';

export interface CopyPartListDialogProps {
  open: boolean;
  battlestationId: number;
  battlestationName: string;
  onClose: () => void;
}

/** An object URL for `text` as a file of `type`, revoked when the text changes or the dialog closes. */
function useBlobUrl(text: string, type: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!text || typeof URL.createObjectURL !== 'function') return undefined;
    const next = URL.createObjectURL(new Blob([text], { type }));
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [text, type]);
  return url;
}

function CopyPartListContent({ battlestationId, battlestationName, onClose }: Omit<CopyPartListDialogProps, 'open'>) {
  const [formatValue, setFormat] = useState<PartListFormat>('reddit');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const textArea = useRef<HTMLTextAreaElement>(null);
  const parts = useQuery(battlestationPartsQueryOptions(battlestationId));
  useEffect(() => setCopied('no'), [formatValue]);

  const format = PART_LIST_FORMATS.find((option) => option.value === formatValue) ?? PART_LIST_FORMATS[0];
  const source = { name: battlestationName, battlestationId, parts: parts.data ?? [], origin: window.location.origin };
  const text = parts.data ? format.render(source) : '';
  const downloadUrl = useBlobUrl(text, format.mimeType);

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
      {downloadUrl && (
        <a className={buttonClassName} href={downloadUrl} download={partListFileName(source, format)}>
          Download<span className="visually-hidden"> {format.label}</span>
        </a>
      )}
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
            {PART_LIST_FORMATS.map((option) => (
              <label key={option.value} className={styles.format}>
                <input type="radio" name="part-list-format" value={option.value} checked={format.value === option.value} onChange={() => setFormat(option.value)} />
                {option.label}
              </label>
            ))}
          </div>
          <textarea ref={textArea} className={styles.text} value={text} readOnly rows={12} aria-label={`Part list as ${format.label}`} />
          <p role="status" className={styles.note}>
            {copied === 'yes' && <span className="visually-hidden">Copied!</span>}
            {copied === 'failed' && 'Copying is not allowed here: the text is selected, press Ctrl+C (⌘C) to copy it.'}
          </p>
        </>
      )}
    </Dialog>
  );
}

/**
 * 'Copy Part List': the station's parts as Reddit Markdown, BBCode, an HTML table, plain text, CSV or JSON, with
 * a Copy button and a download of the same text (no antd: public pages use it).
 */
export function CopyPartListDialog({ open, ...props }: CopyPartListDialogProps) {
  return open ? <CopyPartListContent {...props} /> : null;
}

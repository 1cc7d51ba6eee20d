import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Segmented, Spin, type GetRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { battlestationPartsQueryOptions } from '../api/battlestation-parts';
import { toCsv, toRedditMarkdown } from '../format/part-list';

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

/** 'Copy Part List': the station's parts as a Reddit Markdown table or CSV, with a Copy button. */
export function CopyPartListDialog({ open, battlestationId, battlestationName, onClose }: CopyPartListDialogProps) {
  const [format, setFormat] = useState<Format>('reddit');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const textArea = useRef<GetRef<typeof Input.TextArea>>(null);
  const parts = useQuery({ ...battlestationPartsQueryOptions(battlestationId), enabled: open });
  useEffect(() => setCopied('no'), [format, open]);

  const text = parts.data
    ? (format === 'reddit' ? toRedditMarkdown : toCsv)({
        name: battlestationName,
        battlestationId,
        parts: parts.data,
        origin: window.location.origin,
      })
    : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch (error) {
      // No clipboard access (an insecure origin, a denied permission): select the text for Ctrl+C instead.
      console.warn('Copying to the clipboard failed:', error);
      const element = textArea.current?.resizableTextArea?.textArea;
      element?.focus();
      element?.select();
      setCopied('failed');
    }
  };

  return (
    <Modal
      open={open}
      title="Copy Part List"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="copy" type="primary" onClick={copy} disabled={!parts.data}>
          {copied === 'yes' ? 'Copied!' : 'Copy'}
        </Button>,
      ]}
    >
      {parts.isPending && (
        <div role="status" style={{ textAlign: 'center', padding: 24 }}>
          <Spin /> Loading...
        </div>
      )}
      {parts.isError && <Alert type="error" showIcon title="Unable to load the part list. Please try again later." />}
      {parts.data && (
        <>
          <Segmented<Format> options={FORMATS} value={format} onChange={setFormat} block aria-label="Format" style={{ marginBottom: 12 }} />
          <Input.TextArea ref={textArea} value={text} readOnly rows={12} aria-label={`Part list as ${format === 'reddit' ? 'Reddit Markdown' : 'CSV'}`} style={{ fontFamily: 'monospace' }} />
          <p role="status" style={{ margin: '8px 0 0', minHeight: '1.5em' }}>
            {copied === 'yes' && <span className="visually-hidden">Copied!</span>}
            {copied === 'failed' && 'Copying is not allowed here: the text is selected, press Ctrl+C (⌘C) to copy it.'}
          </p>
        </>
      )}
    </Modal>
  );
}

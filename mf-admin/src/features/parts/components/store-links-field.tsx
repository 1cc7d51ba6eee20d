import { DeleteOutlined } from '@ant-design/icons';
import { isHttpUrl, type PartStoreLink, type StoreOption } from '@battledeck/shared/contract';
import { Button, Input, Select } from 'antd';
import { useId } from 'react';
import { ADMIN_TEXT } from '../../../lib/messages';
import { PART_FORM_TEXT } from '../utils/part-form';
import styles from './part-form.module.css';

export interface StoreDraft {
  storeId: number | undefined;
  url: string;
}

export const EMPTY_DRAFT: StoreDraft = { storeId: undefined, url: '' };

/** A draft row with both a store and a URL; whether its URL is valid is checked on Add (and on save). */
export const draftComplete = (draft: StoreDraft) => draft.storeId !== undefined && draft.url.trim() !== '';

export interface StoreLinksFieldProps {
  links: PartStoreLink[];
  onChange: (links: PartStoreLink[]) => void;
  draft: StoreDraft;
  onDraft: (draft: StoreDraft) => void;
  options: StoreOption[] | undefined;
  optionsFailed: boolean;
  error?: string;
  onError: (message: string | undefined) => void;
}

/** The part's store links: one row per store with its URL and a remove button, then a row to add one. */
export function StoreLinksField({ links, onChange, draft, onDraft, options, optionsFailed, error, onError }: StoreLinksFieldProps) {
  const legendId = useId();
  const errorId = useId();
  const linked = new Set(links.map((l) => l.store_id));
  const choices = (options ?? []).filter((o) => !linked.has(o.store_id)).map((o) => ({ value: o.store_id, label: o.name }));

  const add = () => {
    if (!draftComplete(draft)) return;
    const url = draft.url.trim();
    if (!isHttpUrl(url)) return onError(PART_FORM_TEXT.url);
    const store = options?.find((o) => o.store_id === draft.storeId);
    if (!store) return;
    onChange([...links, { store_id: store.store_id, store_name: store.name, url }]);
    onDraft(EMPTY_DRAFT);
    onError(undefined);
  };

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} className={styles.legend}>
        Stores
      </legend>
      {links.length > 0 && (
        <ul className={styles.links} aria-labelledby={legendId}>
          {links.map((link) => (
            <li key={link.store_id} className={styles.linkRow}>
              <span className={styles.storeName}>{link.store_name}</span>
              <a href={link.url} target="_blank" rel="noopener noreferrer" className={styles.linkUrl}>
                {link.url}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Remove ${link.store_name}`}
                onClick={() => onChange(links.filter((l) => l.store_id !== link.store_id))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.addRow}>
        <Select
          aria-label="Store"
          placeholder={optionsFailed ? ADMIN_TEXT.storesFailed : options ? 'Store' : ADMIN_TEXT.loading}
          value={draft.storeId}
          onChange={(storeId: number | undefined) => onDraft({ ...draft, storeId })}
          options={choices}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className={styles.storeSelect}
          disabled={!options}
        />
        <Input
          aria-label="Store link URL"
          placeholder="https://"
          value={draft.url}
          maxLength={2048}
          onChange={(e) => {
            onDraft({ ...draft, url: e.target.value });
            if (error) onError(undefined);
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
          className={styles.storeUrl}
        />
        <Button onClick={add} disabled={!draftComplete(draft)}>
          Add
        </Button>
      </div>
      {error && (
        <div id={errorId} role="alert" className={styles.error}>
          {error}
        </div>
      )}
    </fieldset>
  );
}

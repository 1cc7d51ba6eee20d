import { errorMessage, partSuggestionsQueryOptions, similarPartsQueryOptions } from '@battledeck/shared/api';
import { AUTOCOMPLETE_MIN_CHARS, describePartMerge, type PartDetail, type PartMergeSummary } from '@battledeck/shared/contract';
import { PART_PICKER_DEBOUNCE_MS, useDebounced } from '@battledeck/shared/widgets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Modal, Select, Spin } from 'antd';
import { useId, useState } from 'react';
import { mergePreviewQueryOptions, useMergeParts } from '../api/merge-parts';
import styles from './merge-part-modal.module.css';

export interface MergePartModalProps {
  open: boolean;
  /** The part to merge away (deleted afterwards). */
  part: PartDetail | null;
  onClose: () => void;
}

interface Option {
  value: number;
  label: string;
}

/** The parts to offer as the one to keep: what the admin searched for, else the parts that look like this one. */
function useKeepOptions(part: PartDetail | null, search: string, open: boolean): { options: Option[]; loading: boolean } {
  // The part picker's pause and minimum length; the query options know when each search may be asked.
  const term = useDebounced(search.trim(), PART_PICKER_DEBOUNCE_MS);
  const similarOptions = similarPartsQueryOptions(part?.name ?? '', part?.type_path);
  const foundOptions = partSuggestionsQueryOptions(undefined, term);
  const similar = useQuery({ ...similarOptions, enabled: open && similarOptions.enabled });
  // Until a search answers, the list keeps what it showed (the last answer, else the similar parts): emptied
  // in between, a highlighted option vanished under a key press and Enter chose nothing.
  const found = useQuery({ ...foundOptions, enabled: open && foundOptions.enabled, placeholderData: keepPreviousData });
  const searching = term.length >= AUTOCOMPLETE_MIN_CHARS;
  const rows = searching ? (found.data ?? similar.data ?? []) : (similar.data ?? []);
  return {
    options: rows.filter((row) => row.part_id !== part?.part_id).map((row) => ({ value: row.part_id, label: `${row.name} (${row.type_name})` })),
    loading: searching ? found.isFetching : similar.isFetching,
  };
}

function Details({ summary }: { summary: PartMergeSummary }) {
  const { merged, kept } = summary;
  return (
    <ul className={styles.details}>
      {summary.stations_with_both > 0 && (
        <li>
          {summary.stations_with_both === 1 ? '1 station already lists' : `${summary.stations_with_both} stations already list`} {kept.name}: its link to {merged.name} is
          removed.
        </li>
      )}
      {summary.store_links_dropped > 0 && (
        <li>
          {summary.store_links_dropped === 1 ? '1 store link is' : `${summary.store_links_dropped} store links are`} dropped: {kept.name} already links that store and
          keeps its own link.
        </li>
      )}
      <li>
        {merged.name} and its image are then deleted; its page goes away. This cannot be undone.
      </li>
    </ul>
  );
}

/**
 * 'Merge part' (issue 20 item 4, decision 021): the admin picks the part to keep (the parts that look like this
 * one are offered first), reads what moves ('N stations, M store links and K requests move to …', from the
 * server's preview) and confirms. Admins only: the API refuses anyone else.
 */
export function MergePartModal({ open, part, onClose }: MergePartModalProps) {
  const [keptId, setKeptId] = useState<number>();
  const [search, setSearch] = useState('');
  const { options, loading } = useKeepOptions(part, search, open);
  const preview = useQuery(mergePreviewQueryOptions(open ? part?.part_id : undefined, keptId));
  const merge = useMergeParts();
  const { message } = App.useApp();
  const selectId = useId();

  // Each opening starts afresh: cleared once the dialog has closed, so the next part's first render never
  // asks for a preview of the last one's choice.
  const clear = () => {
    setKeptId(undefined);
    setSearch('');
    merge.reset();
  };

  const confirm = () => {
    if (!part || keptId === undefined) return;
    merge.mutate(
      { mergedId: part.part_id, keptId },
      {
        onSuccess: (summary) => {
          message.success(`Merged ${summary.merged.name} into ${summary.kept.name}.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={part ? `Merge ${part.name}` : 'Merge part'}
      onCancel={onClose}
      afterClose={clear}
      onOk={confirm}
      okText="Merge"
      okButtonProps={{ danger: true, disabled: !preview.isSuccess, loading: merge.isPending }}
      destroyOnHidden
    >
      <p>
        Everything that uses <strong>{part?.name}</strong> moves to the part you keep; {part?.name} is then deleted.
      </p>
      <label htmlFor={selectId} className={styles.label}>
        Keep this part
      </label>
      <Select<number>
        id={selectId}
        className={styles.select}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder="Search parts"
        value={keptId}
        onChange={setKeptId}
        options={options}
        loading={loading}
        notFoundContent={loading ? <Spin size="small" /> : 'No parts found.'}
      />
      <div aria-live="polite" className={styles.preview}>
        {preview.isFetching && <Spin size="small" description="Counting what moves…" />}
        {preview.isError && <Alert type="error" role="note" showIcon title={errorMessage(preview.error)} />}
        {preview.isSuccess && (
          <Alert type="warning" role="note" showIcon title={describePartMerge(preview.data)} description={<Details summary={preview.data} />} />
        )}
      </div>
      {merge.isError && <Alert type="error" showIcon role="alert" title={errorMessage(merge.error)} />}
    </Modal>
  );
}

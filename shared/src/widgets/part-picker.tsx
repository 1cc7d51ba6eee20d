import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Select, Space, type RefSelectProps } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { partTypesQueryOptions } from '../api/part-types';
import { partSuggestionsQueryOptions } from '../api/part-autocomplete';
import { AUTOCOMPLETE_MIN_CHARS, type AutocompleteEntry } from '../contract/parts';

export const PART_PICKER_MESSAGES = {
  loadError: 'Error loading parts',
  noResults: 'No results are available.',
} as const;

/** Typing pauses this long before the server is asked, so a fast typist sends one request, not one per key. */
export const PART_PICKER_DEBOUNCE_MS = 250;

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface PartPickerProps {
  /** Called with the chosen part when Add is pressed. */
  onAdd: (part: AutocompleteEntry) => void;
  /** Parts already on the list are not offered again. */
  excludeIds?: readonly number[];
  /** Shown beside Add, e.g. a 'Submit New Part' link. */
  extra?: React.ReactNode;
}

/**
 * Finds a part by name (from 2 characters, filtered by the server, case-insensitive), optionally within a
 * category; Add stays disabled until a part is chosen (SPEC "Create battlestation", §5).
 */
export function PartPicker({ onAdd, excludeIds = [], extra }: PartPickerProps) {
  const [partType, setPartType] = useState<string | undefined>(undefined);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<AutocompleteEntry | null>(null);
  const term = useDebounced(text, PART_PICKER_DEBOUNCE_MS);
  const searchRef = useRef<RefSelectProps>(null);
  const types = useQuery(partTypesQueryOptions());
  const suggestions = useQuery(partSuggestionsQueryOptions(partType, term));
  const inputId = useId();
  const statusId = useId();
  const searching = term.trim().length >= AUTOCOMPLETE_MIN_CHARS;
  const options = (suggestions.data ?? [])
    .filter((part) => !excludeIds.includes(part.part_id))
    .map((part) => ({
      value: String(part.part_id),
      // The listbox screen readers follow shows an option's value (the part id) unless it has a name.
      'aria-label': `${part.name}, ${part.type_name}`,
      label: (
        <span>
          {part.name} <span style={{ opacity: 0.65 }}>· {part.type_name}</span>
        </span>
      ),
      part,
    }));
  const status = !searching
    ? ''
    : suggestions.isError
      ? PART_PICKER_MESSAGES.loadError
      : suggestions.isSuccess && options.length === 0
        ? PART_PICKER_MESSAGES.noResults
        : suggestions.isSuccess
          ? `${options.length} results available.`
          : '';

  const add = () => {
    if (!chosen) return;
    onAdd(chosen);
    setChosen(null);
    setText('');
    // Add is disabled again: focus goes back to the search box for the next part instead of being lost.
    searchRef.current?.focus();
  };

  return (
    <div>
      <Space.Compact block style={{ flexWrap: 'wrap', rowGap: 8 }}>
        <Select
          aria-label="Part category"
          placeholder="Any category"
          allowClear
          value={partType}
          onChange={(value?: string) => setPartType(value)}
          loading={types.isPending}
          options={(types.data ?? []).map((type) => ({ value: type.type_path, label: type.type_name }))}
          style={{ minWidth: 160 }}
        />
        <AutoComplete
          ref={searchRef}
          id={inputId}
          aria-label="Search parts"
          aria-describedby={statusId}
          placeholder="Search parts (2+ characters)"
          value={chosen ? chosen.name : text}
          // Once a part is chosen the list has nothing to offer until the next keystroke: rc-select reopens it on
          // Enter, and an open list takes its active suggestion on Tab, which would replace the choice.
          options={searching && !chosen ? options : []}
          onSearch={(value) => {
            setText(value);
            setChosen(null);
          }}
          onSelect={(_value, option) => setChosen((option as { part: AutocompleteEntry }).part)}
          // The list opens with its first suggestion active (Enter takes it), so the box's aria-activedescendant
          // always names an option: with none active antd points it at a missing '…_list_-1' element.
          defaultActiveFirstOption
          // No suggestions: the list stays closed (an open, empty list has the same dangling reference) and the
          // status line under the box says 'No results are available.'
          notFoundContent={null}
          listHeight={320}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="primary" onClick={add} disabled={!chosen}>
          Add
        </Button>
      </Space.Compact>
      <div id={statusId} role="status" aria-live="polite" style={{ minHeight: 22, marginTop: 4, fontSize: '0.9em', opacity: 0.8 }}>
        {status === PART_PICKER_MESSAGES.loadError ? <span style={{ color: 'var(--bd-danger)' }}>{status}</span> : searching ? status : null}
        {extra}
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Select, Space, type RefSelectProps } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { partTypesQueryOptions, partSuggestionsQueryOptions } from '@battledeck/shared/api';
import { AUTOCOMPLETE_MIN_CHARS, type AutocompleteEntry } from '../contract/parts';
import { useDebounced } from './use-debounced';

export const PART_PICKER_MESSAGES = {
  loadError: 'Error loading parts',
  noResults: 'No results are available.',
} as const;

/** Typing pauses this long before the server is asked, so a fast typist sends one request, not one per key. */
export const PART_PICKER_DEBOUNCE_MS = 250;

/**
 * With no suggestion active rc-select still points the box's aria-activedescendant at '…_list_-1', an element that
 * never exists (axe: aria-valid-attr-value): the reference is taken off again whenever it is set.
 */
function useNoDanglingActiveDescendant(inputId: string) {
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    const strip = () => {
      if (input.getAttribute('aria-activedescendant')?.endsWith('_list_-1')) input.removeAttribute('aria-activedescendant');
    };
    const observer = new MutationObserver(strip);
    observer.observe(input, { attributes: true, attributeFilter: ['aria-activedescendant'] });
    strip();
    return () => observer.disconnect();
  }, [inputId]);
}

/** True when the open list has a suggestion highlighted (arrow keys or pointer), the one Enter takes. */
function hasHighlightedSuggestion(input: HTMLElement): boolean {
  const active = input.getAttribute('aria-activedescendant');
  return input.getAttribute('aria-expanded') === 'true' && !!active && !!document.getElementById(active);
}

export interface PartPickerProps {
  /** Called with the chosen part when Add is pressed. */
  onAdd: (part: AutocompleteEntry) => void;
  /** Parts already on the list show as added and cannot be chosen again. */
  excludeIds?: readonly number[];
  /** Shown beside Add, e.g. a 'Submit New Part' link. */
  extra?: React.ReactNode;
}

/** The status line's count: 'No results are available.' only when the server found nothing at all. */
function resultsStatus(available: number, added: number): string {
  if (available + added === 0) return PART_PICKER_MESSAGES.noResults;
  const parts = [];
  if (available > 0) parts.push(available === 1 ? '1 result available.' : `${available} results available.`);
  if (added > 0) parts.push(`${added} already added.`);
  return parts.join(' ');
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
  useNoDanglingActiveDescendant(inputId);
  const options = (suggestions.data ?? []).map((part) => {
    // A part already on the list is shown, marked, rather than hidden: hidden, a search for it said nothing matched.
    const added = excludeIds.includes(part.part_id);
    return {
      value: String(part.part_id),
      disabled: added,
      // The listbox screen readers follow shows an option's value (the part id) unless it has a name.
      'aria-label': `${part.name}, ${part.type_name}${added ? ', added' : ''}`,
      label: (
        <span>
          {part.name} <span style={{ opacity: 0.65 }}>· {part.type_name}</span>
          {added && <span style={{ float: 'inline-end', marginInlineStart: 8 }}>Added</span>}
        </span>
      ),
      part,
    };
  });
  const status = !searching
    ? ''
    : suggestions.isError
      ? PART_PICKER_MESSAGES.loadError
      : suggestions.isSuccess
        ? resultsStatus(options.filter((option) => !option.disabled).length, options.filter((option) => option.disabled).length)
        : '';

  const add = () => {
    if (!chosen) return;
    onAdd(chosen);
    setChosen(null);
    setText('');
    // Add is disabled again: focus goes back to the search box for the next part instead of being lost.
    searchRef.current?.focus();
  };

  // Enter in the box never submits a surrounding form (the editor), and takes a suggestion only when one is
  // highlighted: with none, it does nothing and what was typed stays (issue 16 items 1 and 7).
  const onKeyDownCapture = (event: React.KeyboardEvent) => {
    const input = event.target as HTMLElement;
    if (event.key !== 'Enter' || input.id !== inputId || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!hasHighlightedSuggestion(input)) event.stopPropagation();
  };

  return (
    <div onKeyDownCapture={onKeyDownCapture}>
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
          // Once a part is chosen the list has nothing to offer until the next keystroke: an open list takes its
          // active suggestion on Tab, which would replace the choice.
          options={searching && !chosen ? options : []}
          onSearch={(value) => {
            setText(value);
            setChosen(null);
          }}
          onSelect={(_value, option) => setChosen((option as { part: AutocompleteEntry }).part)}
          // The list opens with nothing highlighted: Enter takes only a suggestion the arrow keys (or the pointer)
          // highlighted, never silently the first one in place of what was typed (issue 16 item 7).
          defaultActiveFirstOption={false}
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

import {
  COLOUR_FAMILIES,
  COLOUR_FAMILY_LABELS,
  MAIN_USES,
  MAIN_USE_LABELS,
  MONITOR_FILTERS,
  MONITOR_FILTER_LABELS,
  type BattlestationsListState,
} from '@battledeck/shared/plain-contract';
import { Button, SelectField } from '@battledeck/shared/ui';
import type { BattlestationFacets } from '@battledeck/shared/contract';
import styles from './browse-page.module.css';

type FilterKey = 'monitorCount' | 'mainUse' | 'colourFamily';

const FILTERS: { key: FilterKey; label: string; values: readonly string[]; labels: Record<string, string> }[] = [
  { key: 'monitorCount', label: 'Monitors', values: MONITOR_FILTERS, labels: MONITOR_FILTER_LABELS },
  { key: 'mainUse', label: 'Main use', values: MAIN_USES, labels: MAIN_USE_LABELS },
  { key: 'colourFamily', label: 'Colour', values: COLOUR_FAMILIES, labels: COLOUR_FAMILY_LABELS },
];

interface BrowseFiltersProps {
  state: BattlestationsListState;
  /** How many stations each choice would give (from the last answer); absent before the first one. */
  facets: BattlestationFacets | undefined;
  onChange: (changes: Partial<BattlestationsListState>) => void;
}

/**
 * The desk filters (decision 017), inside the browse GET form: each a select whose "Any" is an empty value,
 * each choice with the number of stations it would give (one that would give none is greyed out). With
 * scripts a choice applies at once; without them Apply submits the whole form (search, sort and filters).
 */
export function BrowseFilters({ state, facets, onChange }: BrowseFiltersProps) {
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.filtersLegend}>Filter</legend>
      {FILTERS.map(({ key, label, values, labels }) => {
        const counts = new Map(facets?.[key].map((facet) => [facet.value, facet.count]));
        const options = [
          { value: '', label: 'Any' },
          ...values.map((value) => {
            const count = counts.get(value);
            return {
              value,
              label: count === undefined ? labels[value]! : `${labels[value]} (${count})`,
              // Not a way to an empty list; the choice already made stays choosable, to be seen and undone.
              disabled: count === 0 && value !== state[key],
            };
          }),
        ];
        return (
          <SelectField
            key={key}
            id={`browse-filter-${key}`}
            name={key}
            label={label}
            value={state[key] ?? ''}
            options={options}
            onChange={(event) => onChange({ [key]: event.target.value || undefined })}
            className={styles.filterSelect}
          />
        );
      })}
      <Button type="submit" className={styles.applyFilters}>
        Apply
      </Button>
    </fieldset>
  );
}

import type { PartType } from '@battledeck/shared/contract';
import { Select } from '@battledeck/shared/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { CATALOGUE_TEXTS } from '../catalogue-texts';
import styles from './browse-page.module.css';

const ALL = '';

interface CategorySelectProps {
  types: UseQueryResult<PartType[]>;
  current: string | undefined;
  onChoose: (typePath: string | undefined) => void;
}

/** The category chooser of small screens, where the side list is hidden. */
export function CategorySelect({ types, current, onChoose }: CategorySelectProps) {
  // Until the categories are there, the only option says why it cannot be used yet.
  const options = types.isSuccess
    ? [{ value: ALL, label: CATALOGUE_TEXTS.all }, ...types.data.map((type) => ({ value: type.type_path, label: type.type_name }))]
    : [{ value: ALL, label: types.isError ? CATALOGUE_TEXTS.categoriesError : CATALOGUE_TEXTS.categoriesLoading }];
  return (
    <div className={`${styles.control} ${styles.mobileCategory}`}>
      <label htmlFor="parts-category" className={styles.controlLabel}>
        Category
      </label>
      <Select
        id="parts-category"
        value={types.isSuccess ? (current ?? ALL) : ALL}
        aria-invalid={types.isError || undefined}
        disabled={!types.isSuccess}
        onChange={(event) => onChoose(event.target.value === ALL ? undefined : event.target.value)}
        options={options}
        className={styles.categorySelect}
      />
    </div>
  );
}

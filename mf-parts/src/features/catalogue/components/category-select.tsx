import type { PartType } from '@battledeck/shared/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Select } from 'antd';
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
  return (
    <div className={`${styles.control} ${styles.mobileCategory}`}>
      <label htmlFor="parts-category" className={styles.controlLabel}>
        Category
      </label>
      <Select
        id="parts-category"
        value={types.isSuccess ? (current ?? ALL) : undefined}
        placeholder={types.isError ? CATALOGUE_TEXTS.categoriesError : CATALOGUE_TEXTS.categoriesLoading}
        status={types.isError ? 'error' : undefined}
        disabled={!types.isSuccess}
        onChange={(value: string) => onChoose(value === ALL ? undefined : value)}
        options={[
          { value: ALL, label: CATALOGUE_TEXTS.all },
          ...(types.data ?? []).map((type) => ({ value: type.type_path, label: type.type_name })),
        ]}
        className={styles.categorySelect}
      />
    </div>
  );
}

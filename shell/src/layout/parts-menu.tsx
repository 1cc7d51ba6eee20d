import { partTypesQueryOptions } from '@battledeck/shared/api';
import { ChevronDownIcon } from '@battledeck/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styles from './menus.module.css';
import { usePopover } from './use-popover';

/** Texts of the categories list (SPEC "Shared layout"). */
export const CATEGORY_TEXTS = { loading: 'Loading...', error: 'Unable to load part categories' } as const;

/** The part categories as links, with the loading and error texts; used by the dropdown and the drawer. */
export function PartCategoryLinks({ itemClassName }: { itemClassName: string }) {
  const types = useQuery(partTypesQueryOptions());
  if (types.isPending) return <li className={styles.status}>{CATEGORY_TEXTS.loading}</li>;
  if (types.isError) return <li className={styles.status}>{CATEGORY_TEXTS.error}</li>;
  return (
    <>
      <li>
        <Link className={itemClassName} to="/parts">
          All Parts
        </Link>
      </li>
      {types.data.map((type) => (
        <li key={type.type_id}>
          <Link className={itemClassName} to={`/parts/${type.type_path}`}>
            {type.type_name}
          </Link>
        </li>
      ))}
    </>
  );
}

/** 'Browse Parts' dropdown of the top bar. */
export function PartsMenu() {
  const { open, containerRef, buttonProps, popupProps } = usePopover('parts-menu');
  return (
    <div className={styles.wrap} ref={containerRef}>
      <button className={styles.trigger} {...buttonProps}>
        Browse Parts <ChevronDownIcon />
      </button>
      <ul className={`${styles.popup} ${styles.alignStart}`} {...popupProps} aria-label="Part categories">
        {open && <PartCategoryLinks itemClassName={styles.item} />}
      </ul>
    </div>
  );
}

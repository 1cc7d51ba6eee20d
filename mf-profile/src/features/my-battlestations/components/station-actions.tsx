import { CopyOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import type { BattlestationCard } from '@battledeck/shared/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import styles from './my-battlestations.module.css';

export type StationAction = 'copy' | 'delete';

export interface StationActionsProps {
  station: BattlestationCard;
  onAction: (action: StationAction, station: BattlestationCard) => void;
}

const ITEMS: MenuProps['items'] = [
  { key: 'copy', label: 'Copy Part List', icon: <CopyOutlined /> },
  { key: 'delete', label: 'Delete Battlestation', icon: <DeleteOutlined />, danger: true },
];

/** Where focus is lost when the menu closes: nowhere, or on an item the menu just removed. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || Boolean(active.closest('.ant-dropdown'));
}

/** The Edit link and the row menu (SPEC "My Battlestations"). */
export function StationActions({ station, onAction }: StationActionsProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Escape or a choice closes the menu: focus goes back to its button (a dialog opening takes it from there).
  const onOpenChange = (open: boolean) => {
    if (!open) setTimeout(() => focusIsLost() && trigger.current?.focus(), 0);
  };
  return (
    <div className={styles.actions}>
      <Link to={`/battlestations/${station.battlestation_id}/edit`} className={styles.editLink} aria-label={`Edit ${station.name}`}>
        <EditOutlined aria-hidden="true" />
        <span className={styles.editText}>Edit</span>
      </Link>
      <Dropdown
        trigger={['click']}
        // Not the HTML attribute: antd moves focus into the menu once it opens, so arrow keys and Enter work.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        onOpenChange={onOpenChange}
        menu={{
          items: ITEMS,
          onClick: ({ key, domEvent }) => {
            // Chosen with Enter: the key must not go on to press a button in the dialog that opens now.
            domEvent.preventDefault();
            // The dialog returns focus to what had it when it opened: the menu's button, not the vanished item.
            trigger.current?.focus();
            onAction(key as StationAction, station);
          },
        }}
      >
        <Button ref={trigger} type="text" icon={<EllipsisOutlined />} aria-label={`More actions for ${station.name}`} />
      </Dropdown>
    </div>
  );
}

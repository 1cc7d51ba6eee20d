import type { TableProps } from 'antd';
import table from './admin-table.module.css';

/**
 * Row actions in sight on any width (a phone included): the actions column is fixed to the table's end, and a
 * table wider than its box scrolls inside it, under that column (antd's shadow on its edge says there is
 * more), never the page. The tables are laid out so that on a 390 px phone they fit without scrolling at all.
 */
export const ACTIONS_COLUMN = {
  key: 'actions',
  title: <span className="visually-hidden">Actions</span>,
  fixed: 'end',
  align: 'center',
} as const;

/** The table's side of it: scrolls sideways inside its box when it must; columns still size to their content. */
export const ACTIONS_TABLE_PROPS = {
  scroll: { x: true },
  tableLayout: 'auto',
  className: table.actionsTable,
} as const satisfies Pick<TableProps<object>, 'scroll' | 'tableLayout' | 'className'>;

// The dialog moved to shared/ui (no antd, so public pages can open it); the profile still imports it from here.
export { CopyPartListDialog, type CopyPartListDialogProps } from '@battledeck/shared/ui';

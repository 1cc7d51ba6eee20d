import { AntdProvider, SubmitPartDialog, type SubmitPartDialogProps } from '@battledeck/shared/widgets';

/** The submit-part dialog in antd's theme: loaded by import() when a user first opens it, never with the page. */
export default function SubmitPartDialogWithAntd(props: SubmitPartDialogProps) {
  return (
    <AntdProvider>
      <SubmitPartDialog {...props} />
    </AntdProvider>
  );
}

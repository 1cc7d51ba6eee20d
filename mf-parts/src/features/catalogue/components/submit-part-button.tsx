import { PlusOutlined } from '@ant-design/icons';
import { useSession } from '@battledeck/shared/session';
import type { LoginRedirectState } from '@battledeck/shared/ui';
import { SubmitPartDialog } from '@battledeck/shared/widgets';
import { Button } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CATALOGUE_TEXTS } from '../catalogue-texts';

/**
 * 'Submit New Part': opens the dialog for a signed-in user; anyone else goes to sign in first and comes
 * back here afterwards.
 */
export function SubmitPartButton({ initialName }: { initialName?: string }) {
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const onClick = () => {
    if (user) {
      setOpen(true);
      return;
    }
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    navigate('/login', { state });
  };

  return (
    <>
      {/* Disabled (not just busy) while the session loads, so a click is never silently dropped. */}
      <Button icon={<PlusOutlined aria-hidden />} onClick={onClick} disabled={loading}>
        {CATALOGUE_TEXTS.submitPart}
      </Button>
      {user && <SubmitPartDialog open={open} onClose={() => setOpen(false)} initialName={initialName} />}
    </>
  );
}

import { useSession } from '@battledeck/shared/session';
import { Button, PlusIcon, type LoginRedirectState } from '@battledeck/shared/ui';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CATALOGUE_TEXTS } from '../catalogue-texts';

// antd comes with the dialog, on the first open only: the catalogue itself never loads it (issue 17).
const SubmitPartDialog = lazy(() => import('./submit-part-dialog-with-antd'));

/**
 * 'Submit New Part': opens the dialog for a signed-in user; anyone else goes to sign in first and comes
 * back here afterwards. The category shown (`partType`) comes first among the dialog's 'Did you mean …?'
 * suggestions, each a link to that part's page (decision 021).
 */
export function SubmitPartButton({ initialName, partType }: { initialName?: string; partType?: string }) {
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const onClick = () => {
    if (user) {
      setOpen(true);
      setEverOpened(true);
      return;
    }
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    navigate('/login', { state });
  };

  return (
    <>
      {/* Disabled (not just busy) while the session loads, so a click is never silently dropped. */}
      <Button icon={<PlusIcon />} onClick={onClick} disabled={loading}>
        {CATALOGUE_TEXTS.submitPart}
      </Button>
      {user && everOpened && (
        <Suspense fallback={null}>
          <SubmitPartDialog open={open} onClose={() => setOpen(false)} initialName={initialName} partType={partType} />
        </Suspense>
      )}
    </>
  );
}

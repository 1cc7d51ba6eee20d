import { Button } from 'antd';
import { useState } from 'react';
import { DeleteAccountDialog } from './delete-account-dialog';
import styles from './settings-page.module.css';

/** 'Delete account' with its confirmation popup (SPEC "Profile area": Settings). */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.danger} aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete Account</h2>
      <p>Deleting your account also deletes your battlestations, their photos and your favorites. This cannot be undone.</p>
      <Button danger size="large" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

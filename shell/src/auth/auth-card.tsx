import { AntdProvider } from '@battledeck/shared/widgets';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

/** The centred card the sign-in, registration and password-reset pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AntdProvider>
      <div className={styles.wrap}>
        <Card className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {children}
        </Card>
      </div>
    </AntdProvider>
  );
}

export const authStyles = styles;

import '@battledeck/shared/styles.css';
import { nextTask } from '@battledeck/shared/next-task';

/**
 * The app's modules are in this chunk already (eager imports make no request); what waits is their evaluation.
 * Evaluated on arrival they were one task (react-dom, the routes and their schemas: about 40 ms, 160 ms at 4×
 * slower CPU), so react-dom, then the app, are evaluated each in a task of their own (ADR 012).
 */
async function bootstrap(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { start } = await import(/* webpackMode: "eager" */ './start');
  await start();
}

void bootstrap();

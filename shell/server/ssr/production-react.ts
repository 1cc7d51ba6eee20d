/**
 * Runs `load` with NODE_ENV=production. React's packages pick their build (development or production) when
 * they are first required, and a development `react` with a production renderer fails; the site server
 * renders with the production build whatever NODE_ENV it was started with (`npm start` runs its API in test
 * or development mode), and every code path that first requires React in this process goes through here.
 */
export function withProductionReact<T>(load: () => T): T {
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return load();
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
}

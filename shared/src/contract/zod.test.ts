import { z } from './index';

it('runs zod without eval in a browser, where the Content-Security-Policy forbids it', () => {
  expect(typeof document).toBe('object');
  expect(z.config().jitless).toBe(true);
});

import { PROBE_ERRORS, type ProbeResult } from '../store-links/probe-link';
import { checkerLooksOffline } from './store-link-check-service';

const noAnswer: ProbeResult = { outcome: 'failed', status: null, error: PROBE_ERRORS.unknownHost };
const answered: ProbeResult = { outcome: 'failed', status: 404, error: null };
const refused: ProbeResult = { outcome: 'failed', status: null, error: PROBE_ERRORS.notPublic };

describe('checkerLooksOffline', () => {
  it('blames our network when no host of several answered at all', () => {
    expect(checkerLooksOffline([noAnswer, noAnswer, noAnswer], 3)).toBe(true);
  });

  it('believes the failures when any store answered, or when only one host was visited', () => {
    expect(checkerLooksOffline([noAnswer, answered], 2)).toBe(false);
    expect(checkerLooksOffline([noAnswer, noAnswer], 1)).toBe(false);
    expect(checkerLooksOffline([], 0)).toBe(false);
  });

  it('counts a refusal by the address policy as a verdict, not as being offline', () => {
    expect(checkerLooksOffline([noAnswer, refused], 2)).toBe(false);
  });
});

import { addressAllowed, bareAddress, isPublicAddress, mappedIpv4 } from './address-policy';

describe('isPublicAddress (decision 19)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.5',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'localhost',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('reads IPv4 inside IPv4-mapped IPv6 addresses, dotted or in hex', () => {
    expect(mappedIpv4('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(mappedIpv4('::FFFF:0a01:0203')).toBe('10.1.2.3');
    expect(mappedIpv4('2001:db8::1')).toBeUndefined();
  });

  it('strips URL brackets and zones', () => {
    expect(bareAddress('[::1]')).toBe('::1');
    expect(bareAddress('fe80::1%25eth0')).toBe('fe80::1');
  });

  it('lets through exactly the listed exceptions and nothing near them', () => {
    expect(addressAllowed('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(addressAllowed('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(addressAllowed('::1', ['127.0.0.1'])).toBe(false);
    expect(addressAllowed('8.8.8.8')).toBe(true);
  });
});

import { addressAllowed, bareAddress, embeddedIpv4, isPublicAddress, mappedIpv4 } from './address-policy';

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

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '::ffff:808:808'])(
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

  it.each([
    // IPv4-mapped, every spelling: dotted, hex, leading zeros, full form.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:0001',
    '0000:0000:0000:0000:0000:ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:c0a8:101',
    // IPv4-translated (SIIT, ::ffff:0:0:0/96): the form that passed before.
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '[::ffff:0:7f00:1]',
    '::ffff:0:a9fe:a9fe',
    '::ffff:0:a00:1',
    // IPv4-compatible (deprecated ::/96).
    '::7f00:1',
    '::a9fe:a9fe',
    '::10.0.0.1',
    '::192.168.1.1',
    // NAT64 well-known and local-use prefixes embedding private, loopback or link-local addresses.
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::192.168.0.1',
    '64:ff9b:1::7f00:1',
  ])('refuses the IPv4-embedding IPv6 form %s of a non-public address', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(addressAllowed(address)).toBe(false);
  });

  it('refuses the translated (SIIT) form even around a public IPv4 address: it only works behind a translator', () => {
    expect(isPublicAddress('::ffff:0:8.8.8.8')).toBe(false);
  });

  it('reads the IPv4 address out of mapped, translated, compatible and NAT64 forms', () => {
    expect(embeddedIpv4('::ffff:0:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeUndefined();
    expect(embeddedIpv4('not:an:address')).toBeUndefined();
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

import { remoteBaseUrl, removePendingRemoteFiles } from './pending-remote-files';

function add(tag: 'script' | 'link', url: string): HTMLElement {
  const element = document.createElement(tag);
  if (tag === 'script') element.setAttribute('src', url);
  else {
    element.setAttribute('rel', 'stylesheet');
    element.setAttribute('href', url);
  }
  document.head.append(element);
  return element;
}

describe('removePendingRemoteFiles (before a retry)', () => {
  afterEach(() => document.head.replaceChildren());

  it("removes the remote's scripts and unfinished stylesheets, and nothing of the shell or other remotes", () => {
    const entry = add('script', '/remotes/mf-parts/remoteEntry.abc.js');
    const chunk = add('script', 'http://localhost/remotes/mf-parts/__federation_expose_App.1.js');
    const css = add('link', '/remotes/mf-parts/978.css');
    const shell = add('script', '/main.123.js');
    const other = add('script', '/remotes/mf-battlestations/remoteEntry.def.js');
    const similar = add('script', '/remotes/mf-parts-extra/remoteEntry.js');

    expect(removePendingRemoteFiles('/remotes/mf-parts/')).toBe(3);
    for (const gone of [entry, chunk, css]) expect(gone.isConnected).toBe(false);
    for (const kept of [shell, other, similar]) expect(kept.isConnected).toBe(true);
  });

  it('keeps a stylesheet that has loaded', () => {
    const loaded = add('link', '/remotes/mf-parts/978.css');
    Object.defineProperty(loaded, 'sheet', { value: {} });
    expect(removePendingRemoteFiles('/remotes/mf-parts/')).toBe(0);
    expect(loaded.isConnected).toBe(true);
  });
});

describe('remoteBaseUrl', () => {
  it("is the folder of the remote's manifest, releases included", () => {
    expect(remoteBaseUrl('/remotes/mf-parts/mf-manifest.json')).toBe('/remotes/mf-parts/');
    expect(remoteBaseUrl('https://cdn.example/remotes/mf-parts/releases/20260101-abc/mf-manifest.json')).toBe(
      'https://cdn.example/remotes/mf-parts/releases/20260101-abc/',
    );
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { clearPrivateStationImages } from '../api/private-station-images';
import { resetSession, setSession } from '../testing/session';
import { StationImage } from './station-image';

/** Issue 15: a private station's photos come through the API with the token; a public station's stay plain URLs. */

let fetchMock: jest.Mock;
let created: string[];
const revoke = jest.fn();

beforeEach(() => {
  clearPrivateStationImages();
  created = [];
  revoke.mockClear();
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const url = `blob:test/${created.length}-${blob.size}`;
      created.push(url);
      return url;
    }),
    revokeObjectURL: revoke,
  });
  fetchMock = jest.fn(async (input: RequestInfo | URL) =>
    String(input).includes('missing') ? new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }) : new Response(new Blob(['jpeg-bytes'], { type: 'image/jpeg' })),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  setSession({ signedInAs: 'owner', getIdToken: async () => 'owner-token' });
});
afterEach(() => resetSession());

const img = () => screen.getByRole('img', { name: 'Desk' }) as HTMLImageElement;

it("shows a public station's photo from its public URL at once, without any fetch", () => {
  render(<StationImage name="a1.jpg" isPrivate={false} thumb alt="Desk" />);
  expect(img()).toHaveAttribute('src', '/images/battlestations/a1_thumb.jpg');
  expect(fetchMock).not.toHaveBeenCalled();
  expect(URL.createObjectURL).not.toHaveBeenCalled();
});

it("fetches a private station's thumbnail with the user's token into an object URL, revoked on unmount", async () => {
  const { unmount } = render(<StationImage name="b2.jpg" isPrivate thumb alt="Desk" />);
  expect(screen.getByRole('img', { name: 'Desk' })).toHaveAttribute('aria-busy', 'true');
  await waitFor(() => expect(img().tagName).toBe('IMG'));
  expect(img().src).toBe(created[0]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/api/battlestations/images/b2_thumb.jpg');
  expect(init.headers).toMatchObject({ Authorization: 'Bearer owner-token' });
  unmount();
  expect(revoke).toHaveBeenCalledWith(created[0]);
});

it('fetches each private file once per session: a table of thumbnails re-rendering or remounting does not fetch again', async () => {
  const table = (
    <>
      <StationImage name="c3.jpg" isPrivate thumb alt="Desk" />
      <StationImage name="c3.jpg" isPrivate thumb alt="Same desk" />
      <StationImage name="c3.jpg" isPrivate alt="Full photo" />
    </>
  );
  const { rerender, unmount } = render(table);
  await waitFor(() => expect(screen.getAllByRole('img').every((el) => el.tagName === 'IMG')).toBe(true));
  rerender(table);
  unmount();
  render(table);
  await waitFor(() => expect(screen.getAllByRole('img').every((el) => el.tagName === 'IMG')).toBe(true));
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/battlestations/images/c3_thumb.jpg', '/api/battlestations/images/c3.jpg']);
});

it('revokes the old object URL when the photo changes', async () => {
  const { rerender } = render(<StationImage name="d4.jpg" isPrivate alt="Desk" />);
  await waitFor(() => expect(img().tagName).toBe('IMG'));
  const first = img().src;
  rerender(<StationImage name="e5.jpg" isPrivate alt="Desk" />);
  await waitFor(() => expect(img().src).toBe(created[1]));
  expect(created[1]).not.toBe(first);
  expect(revoke).toHaveBeenCalledWith(first);
});

it("shows 'Image not found' when the API refuses the photo, and waits for the session before asking", async () => {
  setSession({ loading: true });
  render(<StationImage name="missing.jpg" isPrivate alt="Desk" />);
  expect(fetchMock).not.toHaveBeenCalled();
  setSession({ signedInAs: 'owner', getIdToken: async () => 'owner-token' });
  expect(await screen.findByText('Image not found')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('fetches again for another user (nothing one user loaded is shown to the next)', async () => {
  render(<StationImage name="f6.jpg" isPrivate thumb alt="Desk" />);
  await waitFor(() => expect(img().tagName).toBe('IMG'));
  setSession({ signedInAs: 'admin', getIdToken: async () => 'admin-token' });
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].headers).toMatchObject({ Authorization: 'Bearer admin-token' });
  await act(async () => undefined);
});

describe('width copies (issue 17)', () => {
  const size = { width: 1600, height: 1000, widths: [320, 480, 640, 960, 1280] };

  it("gives a public photo a srcset of the files it has, the caller's sizes and its real width and height", () => {
    render(<StationImage name="d4.jpg" isPrivate={false} thumb size={size} sizes="(min-width: 800px) 50vw, 100vw" alt="Desk" />);
    expect(img()).toHaveAttribute('src', '/images/battlestations/d4_thumb.jpg');
    expect(img().getAttribute('srcset')).toBe(
      '/images/battlestations/d4_w320.webp 320w, /images/battlestations/d4_w480.webp 480w, /images/battlestations/d4_w640.webp 640w, ' +
        '/images/battlestations/d4_w960.webp 960w, /images/battlestations/d4_w1280.webp 1280w, /images/battlestations/d4.jpg 1600w',
    );
    expect(img()).toHaveAttribute('sizes', '(min-width: 800px) 50vw, 100vw');
    expect([img().getAttribute('width'), img().getAttribute('height')]).toEqual(['1600', '1000']);
  });

  it('offers no width that the photo does not have', () => {
    render(<StationImage name="e5.png" isPrivate={false} size={{ width: 500, height: 400, widths: [320, 480] }} sizes="100vw" alt="Desk" />);
    expect(img().getAttribute('srcset')).toBe('/images/battlestations/e5_w320.webp 320w, /images/battlestations/e5_w480.webp 480w, /images/battlestations/e5.png 500w');
  });

  it('keeps a plain src without a size (an older answer)', () => {
    render(<StationImage name="f6.jpg" isPrivate={false} alt="Desk" sizes="100vw" width={640} height={480} />);
    expect(img()).not.toHaveAttribute('srcset');
    expect(img()).not.toHaveAttribute('sizes');
    expect(img()).toHaveAttribute('width', '640');
  });

  it('fetches one file of a private photo and gives it no srcset (it could not carry the token)', async () => {
    render(<StationImage name="g7.jpg" isPrivate thumb size={size} sizes="100vw" alt="Desk" />);
    await waitFor(() => expect(img().tagName).toBe('IMG'));
    expect(img().src).toBe(created[0]);
    expect(img()).not.toHaveAttribute('srcset');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/battlestations/images/g7_thumb.jpg']);
  });
});

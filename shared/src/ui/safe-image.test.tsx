import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SafeImage } from './safe-image';

it('lazy-loads by default and passes srcset, sizes, width and height through', () => {
  render(<SafeImage src="/a.jpg" srcSet="/a_w320.jpg 320w, /a.jpg 800w" sizes="50vw" width={800} height={600} alt="Desk" />);
  const img = screen.getByRole('img', { name: 'Desk' });
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(img).toHaveAttribute('srcset', '/a_w320.jpg 320w, /a.jpg 800w');
  expect(img).toHaveAttribute('sizes', '50vw');
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
});

it("shows 'Image not found' when the image fails, named by its alt text", () => {
  render(<SafeImage src="/gone.jpg" alt="Desk" />);
  fireEvent.error(screen.getByRole('img', { name: 'Desk' }));
  expect(screen.getByRole('img', { name: 'Desk' }).tagName).toBe('SPAN');
  expect(screen.getByText('Image not found')).toBeInTheDocument();
});

describe('a server-rendered image that loaded or failed before hydration (React does not replay those events)', () => {
  async function hydrateWith(outcome: { complete: boolean; naturalWidth: number }, onLoad = jest.fn()) {
    const page = () => <SafeImage src="/parts/p.png" alt="Part" onLoad={onLoad} />;
    const root = document.createElement('div');
    root.innerHTML = renderToString(page());
    document.body.append(root);
    const img = root.querySelector('img')!;
    Object.defineProperty(img, 'complete', { value: outcome.complete });
    Object.defineProperty(img, 'naturalWidth', { value: outcome.naturalWidth });
    await act(async () => {
      hydrateRoot(root, page());
    });
    return { root, onLoad };
  }

  it('shows the placeholder for one that had already failed', async () => {
    const { root } = await hydrateWith({ complete: true, naturalWidth: 0 });
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('Image not found');
    root.remove();
  });

  it('tells onLoad of one that had already loaded, and nothing of one still loading', async () => {
    const loaded = await hydrateWith({ complete: true, naturalWidth: 640 });
    expect(loaded.onLoad).toHaveBeenCalledTimes(1);
    loaded.root.remove();
    const loading = await hydrateWith({ complete: false, naturalWidth: 0 });
    expect(loading.onLoad).not.toHaveBeenCalled();
    expect(loading.root.querySelector('img')).not.toBeNull();
    loading.root.remove();
  });
});

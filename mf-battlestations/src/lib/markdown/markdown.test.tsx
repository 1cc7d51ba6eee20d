import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Markdown, USER_LINK_REL } from './markdown';

const HOSTILE = [
  '<script>window.hacked = 1</script>',
  '<img src=x onerror="window.hacked = 1">',
  '[click](javascript:window.hacked=1) [x](JAVASCRIPT:alert(1)) [d](data:text/html;base64,PHNjcmlwdD4=)',
  '![pic](https://example.com/a.png)',
  '<a href="https://evil.example">raw</a>',
].join('\n\n');

it('renders emphasis, lists and links with rel="nofollow ugc noopener"', () => {
  const { container } = render(<Markdown text={'Hello **world**, *hi*\n\n- one\n- two\n\n1. first\n\nMore at https://example.com.'} />);
  expect(container.querySelector('strong')).toHaveTextContent('world');
  expect(container.querySelector('em')).toHaveTextContent('hi');
  expect(screen.getAllByRole('list')).toHaveLength(2);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two', 'first']);
  const link = screen.getByRole('link', { name: 'https://example.com' });
  expect(link).toHaveAttribute('href', 'https://example.com');
  expect(link).toHaveAttribute('rel', USER_LINK_REL);
  expect(USER_LINK_REL).toBe('nofollow ugc noopener');
});

it('shows raw HTML as text and makes no image, script or unsafe link', () => {
  const { container } = render(<Markdown text={HOSTILE} />);
  expect(container.querySelector('script, img, iframe')).toBeNull();
  expect(container).toHaveTextContent('<script>window.hacked = 1</script>');
  expect(container).toHaveTextContent('[click](javascript:window.hacked=1)');
  const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
  expect(hrefs).toEqual(['https://example.com/a.png']);
  expect((window as { hacked?: number }).hacked).toBeUndefined();
});

it('renders the same markup on the server and hydrates it without a warning', async () => {
  const text = `${HOSTILE}\n\n**Desk** by *me*:\n- [shop](https://shop.example/x?y=1)\n- https://example.org/(a)`;
  const html = renderToString(<Markdown text={text} />);
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    hydrateRoot(root, <Markdown text={text} />, { onRecoverableError: (error) => console.error(error) });
  });
  expect(errors).not.toHaveBeenCalled();
  expect(root.querySelectorAll('a[rel="nofollow ugc noopener"]')).toHaveLength(3);
  errors.mockRestore();
  root.remove();
});

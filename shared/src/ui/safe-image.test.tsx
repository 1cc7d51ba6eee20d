import { fireEvent, render, screen } from '@testing-library/react';
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

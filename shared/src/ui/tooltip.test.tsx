import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from './tooltip';

function renderTooltip() {
  render(
    <Tooltip text="December 7, 2026">
      {(describedBy) => (
        <button type="button" aria-describedby={describedBy}>
          5 minutes ago
        </button>
      )}
    </Tooltip>,
  );
  const trigger = screen.getByRole('button', { name: '5 minutes ago' });
  return { trigger, wrap: trigger.parentElement! };
}

describe('Tooltip (WCAG 1.4.13)', () => {
  it('describes its trigger', () => {
    const { trigger } = renderTooltip();
    expect(trigger).toHaveAccessibleDescription('December 7, 2026');
  });

  it('hides on Escape while the focus stays, and shows again once the focus comes back', async () => {
    const { trigger, wrap } = renderTooltip();
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(wrap).toHaveAttribute('data-dismissed');
    await userEvent.tab();
    expect(wrap).not.toHaveAttribute('data-dismissed');
  });

  it('still hears Escape, and stays hidden, while focused after the pointer has left', async () => {
    const { trigger, wrap } = renderTooltip();
    fireEvent.mouseEnter(wrap);
    act(() => trigger.focus());
    fireEvent.mouseLeave(wrap);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(wrap).toHaveAttribute('data-dismissed');
    fireEvent.mouseEnter(wrap);
    fireEvent.mouseLeave(wrap);
    expect(wrap).toHaveAttribute('data-dismissed');
  });

  it('hides on Escape while only hovered', () => {
    const { wrap } = renderTooltip();
    fireEvent.mouseEnter(wrap);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(wrap).toHaveAttribute('data-dismissed');
    fireEvent.mouseLeave(wrap);
    expect(wrap).not.toHaveAttribute('data-dismissed');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { RecipientChips } from './RecipientChips';
import type { ContactLike, RecipientChip } from './recipients';

function Harness({ contacts = [] }: { contacts?: ContactLike[] }) {
  const [chips, setChips] = useState<RecipientChip[]>([]);
  const [draft, setDraft] = useState('');
  return (
    <>
      <RecipientChips id="to" chips={chips} onChange={setChips} draft={draft} onDraftChange={setDraft} contacts={contacts} />
      <button type="button">elsewhere</button>
    </>
  );
}

const chipTexts = () => screen.queryAllByRole('listitem').map((li) => li.textContent?.replace('×', '').trim());

describe('RecipientChips', () => {
  it('adds a chip on Enter, on comma and when the box loses focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const box = screen.getByLabelText('Email to (Enter or , to seperate)');
    await user.type(box, 'ann@example.com{Enter}');
    await user.type(box, 'bob@example.com,');
    await user.type(box, 'cy@example.com');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(chipTexts()).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);
    expect(box).toHaveProperty('value', '');
  });

  it('adds each valid address of a semicolon-separated paste', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.click(screen.getByLabelText('Email to (Enter or , to seperate)'));
    await user.paste('a@x.com; b@y.org; c@z.net');
    expect(chipTexts()).toEqual(['a@x.com', 'b@y.org', 'c@z.net']);
  });

  it('ignores a duplicate whatever its case', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const box = screen.getByLabelText('Email to (Enter or , to seperate)');
    await user.type(box, 'Ann@Example.com{Enter}ANN@example.COM{Enter}');
    expect(chipTexts()).toEqual(['ann@example.com']);
  });

  it("shows 'Invalid Email To Address' and keeps the text when it is not an address", async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.type(screen.getByLabelText('Email to (Enter or , to seperate)'), 'not-an-address{Enter}');
    const box = screen.getByLabelText('Invalid Email To Address');
    expect(box).toHaveProperty('value', 'not-an-address');
    expect(chipTexts()).toEqual([]);
  });

  it('brings the name and company of a matching contact, and a chip can be removed', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness contacts={[{ email: 'li.wei@factory.cn', name: 'Li Wei', company: 'Shenzhen Factory' }]} />);
    await user.type(screen.getByLabelText('Email to (Enter or , to seperate)'), 'Li.Wei@factory.cn{Enter}');
    const chip = screen.getByRole('listitem');
    expect(chip.textContent).toContain('Li Wei <li.wei@factory.cn>');
    expect(chip.getAttribute('title')).toBe('Li Wei · Shenzhen Factory');
    await user.click(screen.getByRole('button', { name: 'Remove li.wei@factory.cn' }));
    expect(chipTexts()).toEqual([]);
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { OrderedListField, type OrderedListItem } from './OrderedListField';

const PEOPLE = ['Ana Torres', 'Luis Soto', 'Marta Ruiz'];

function Demo({ initial = 0, errors }: { initial?: number; errors?: string[] }) {
  const [items, setItems] = useState<OrderedListItem[]>(() =>
    PEOPLE.slice(0, initial).map((text, index) => ({ key: `k${index}`, text })),
  );
  const [next, setNext] = useState(initial);
  return (
    <div style={{ maxWidth: 480 }}>
      <OrderedListField
        label="Participants"
        name="participants"
        addText="Add participant"
        options={PEOPLE.map((text, index) => ({ value: index, text }))}
        items={items}
        errors={errors}
        emptyText="Nobody yet."
        onAdd={(value) => {
          setItems((list) => [...list, { key: `k${next}`, text: PEOPLE[Number(value)]! }]);
          setNext((n) => n + 1);
        }}
        onMove={(index, by) =>
          setItems((list) => {
            const copy = [...list];
            [copy[index], copy[index + by]] = [copy[index + by]!, copy[index]!];
            return copy;
          })
        }
        onRemove={(index) => setItems((list) => list.filter((_, at) => at !== index))}
      />
    </div>
  );
}

const meta = { title: 'UI/OrderedListField', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

const texts = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('.rl-ordered-field__text')].map((item) => item.textContent);

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nobody yet.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add participant' })).toBeDisabled();
  },
};

/** Added, moved from the keyboard (the focus follows the entry), a person twice named by place, removed. */
export const Reordered: Story = {
  args: { initial: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Move Ana Torres down' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(texts(canvasElement)).toEqual(['Luis Soto', 'Ana Torres', 'Marta Ruiz']);
    await expect(canvas.getByRole('button', { name: 'Move Ana Torres down' })).toHaveFocus();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Participants' }), 'Luis Soto');
    await userEvent.click(canvas.getByRole('button', { name: 'Add participant' }));
    await expect(canvas.getByRole('button', { name: 'Remove Luis Soto (4)' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Luis Soto (1)' }));
    await expect(texts(canvasElement)).toEqual(['Ana Torres', 'Marta Ruiz', 'Luis Soto']);
  },
};

export const WithErrors: Story = {
  args: { errors: ['A rotation needs at least one participant'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Participants' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

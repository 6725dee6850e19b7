import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextAreaField } from './TextAreaField';
import { fieldColumn, withOwnValue } from '../field/field-stories';

const Controlled = withOwnValue(TextAreaField);

const meta = {
  title: 'UI/TextAreaField',
  component: Controlled,
  args: { label: 'Note' },
  decorators: [fieldColumn()],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Note'), 'Restarted the queue{enter}Backlog draining');
    await expect(canvas.getByLabelText('Note')).toHaveValue('Restarted the queue\nBacklog draining');
  },
};
export const Filled: Story = { args: { initial: 'The disk filled with logs.\nRotated them and added an alert.' } };
export const Code: Story = { args: { label: 'Private key', code: true, initial: '-----BEGIN PRIVATE KEY-----' } };
export const Invalid: Story = {
  args: { initial: '', required: true, errors: ['Note is required'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: /^Note/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

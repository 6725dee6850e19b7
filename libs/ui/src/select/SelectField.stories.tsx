import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SelectField } from './SelectField';
import type { SelectFieldProps, SelectOption } from './types';
import { fieldColumn } from '../field/field-stories';

const ROLES: SelectOption[] = [
  { value: null, text: 'Select Role' },
  { value: 1, text: 'Staff Root' },
  { value: 2, text: 'Staff Edit' },
  { value: 3, text: 'Staff View' },
];

// docs/product.md#user-lists: in the customer-user modal the staff roles are shown but cannot be chosen
const CUSTOMER_ROLES: SelectOption[] = [
  { value: null, text: 'Select Role' },
  { value: 1, text: 'Staff Root', disabled: true },
  { value: 2, text: 'Staff Edit', disabled: true },
  { value: 3, text: 'Staff View', disabled: true },
  { value: 4, text: 'Customer Root' },
  { value: 5, text: 'Customer' },
];

function Controlled(props: Omit<SelectFieldProps, 'value' | 'onChange'> & { initial?: SelectFieldProps['value'] }) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <SelectField {...rest} value={value} onChange={setValue} />
      <p style={{ marginTop: 16 }}>
        Chosen value: <output data-testid="chosen">{JSON.stringify(value)}</output>
      </p>
    </>
  );
}

const meta = {
  title: 'UI/SelectField',
  component: Controlled,
  args: { label: 'Role', name: 'rol_id', options: ROLES },
  decorators: [fieldColumn(96)],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {};
export const Chosen: Story = { args: { initial: 2 } };
export const Required: Story = { args: { required: true } };
export const Disabled: Story = { args: { initial: 1, disabled: true } };
export const Invalid: Story = {
  args: { required: true, error: 'Role is required' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.hover(canvas.getByRole('button', { name: /problem/ }));
  },
};
export const DisabledOptions: Story = {
  args: { options: CUSTOMER_ROLES },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    const staffRoot = await screen.findByRole('option', { name: 'Staff Root' });
    await expect(staffRoot).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(await screen.findByRole('option', { name: 'Customer Root' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('4'));
  },
};
export const ByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('combobox', { name: 'Role' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(canvas.getByTestId('chosen')).not.toHaveTextContent('null'));
  },
};

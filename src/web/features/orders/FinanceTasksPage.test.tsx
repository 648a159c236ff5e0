import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { stubServer } from '../../test/server-stub';
import { FinanceTasksPage } from './FinanceTasksPage';

const LIST = '/api/v1/finance/task';
const task = {
  taskId: 4,
  kind: 'dispute',
  orderId: 12,
  orderNumber: 'TR-000012',
  companyName: 'Demo Fleet Services',
  reference: 'du_test_1',
  amountCents: 7388,
  note: 'Card dispute opened at Stripe (fraudulent) for 7388 cents',
  createdAt: '2026-12-01T10:00:00.000Z',
  closedAt: null,
};

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer()
    .on('GET', LIST, { body: { data: { list: [task], count: 1, page: 0 } } })
    .on('PUT', '/api/v1/finance/task/4/close', {
      body: { data: { ...task, closedAt: '2026-12-02T10:00:00.000Z' } },
    });
});

describe("finance's queue of disputes", () => {
  it('lists the open tasks, a page of the shared size, each with its order, amount and reason, and closes one', async () => {
    const { user } = renderApp(<FinanceTasksPage />);
    const table = await screen.findByRole('table', { name: 'Finance tasks' });
    expect(within(table).getByRole('link', { name: 'TR-000012' })).toHaveAttribute(
      'href',
      '/admin/orders/12',
    );
    expect(table).toHaveTextContent('$73.88');
    expect(table).toHaveTextContent('fraudulent');
    const query = new URLSearchParams(server.sent('GET', LIST)[0].query);
    expect(Object.fromEntries(query)).toMatchObject({ status: 'open', page: '0', pageSize: '15' });

    await user.click(within(table).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(server.sent('PUT', '/api/v1/finance/task/4/close')).toHaveLength(1));
    expect(await screen.findByText('Task on TR-000012 closed')).toBeVisible();
  });
});

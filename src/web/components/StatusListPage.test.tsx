import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { StatusListPage, useStatusListFilters } from './StatusListPage';

type Status = 'open' | 'in_review' | 'closed';
interface Ticket {
  id: number;
  subject: string;
  status: Status;
}
const tickets: Ticket[] = [1, 2, 3, 4, 5].map((id) => ({
  id,
  subject: `Ticket ${id}`,
  status: id % 2 ? 'open' : 'closed',
}));
type Query = { page: number; pageSize: number; status?: Status; orderId?: number };
type Answer = { data?: { list: Ticket[]; count: number }; isFetching: boolean; isError: boolean };

/** Answers a query as a list endpoint would: the rows of the status, one page of them. */
const served = (q: Query): Answer => {
  const rows = tickets.filter((t) => !q.status || t.status === q.status);
  return {
    data: { list: rows.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize), count: rows.length },
    isFetching: false,
    isError: false,
  };
};

/** A queue as the pages draw it: the filters' hook, the shared page, and an answer of the query. */
function Queue({ answer, filter }: { answer: (q: Query) => Answer; filter: 'select' | 'tabs' }) {
  const list = useStatusListFilters<Status>({ pageSize: 2 });
  return (
    <StatusListPage
      title="Tickets"
      noun="tickets"
      statuses={['open', 'in_review', 'closed']}
      statusLabel={(s) => s.replaceAll('_', ' ')}
      filter={filter}
      byOrder={filter === 'select'}
      controls={list.controls}
      answer={answer(list.query)}
      rows={
        filter === 'select'
          ? {
              as: 'table',
              head: ['Ticket', 'Status'],
              minWidth: 400,
              rowKey: (t) => t.id,
              cells: (t) => (
                <>
                  <Table.Td>{t.subject}</Table.Td>
                  <Table.Td>{t.status}</Table.Td>
                </>
              ),
            }
          : { as: 'cards', card: (t) => <p key={t.id}>{t.subject}</p> }
      }
    />
  );
}

describe('a list of records filtered by status', () => {
  it('says it is loading while the rows are on their way', () => {
    renderApp(<Queue filter="select" answer={() => ({ isFetching: true, isError: false })} />);
    expect(screen.getByLabelText('Loading tickets')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when no record matches, naming the status chosen', async () => {
    const { user } = renderApp(<Queue filter="tabs" answer={served} />);
    await user.click(screen.getByRole('radio', { name: 'in review' }));
    expect(screen.getByText('No in review tickets.')).toBeInTheDocument();
  });

  it('says the list could not be loaded when the server fails', () => {
    renderApp(<Queue filter="select" answer={() => ({ isFetching: false, isError: true })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Tickets could not be loaded.');
  });

  it('draws one page of rows as a table and pages through the rest', async () => {
    const { user } = renderApp(<Queue filter="select" answer={served} />);
    const rows = () =>
      within(screen.getByRole('table', { name: 'Tickets' }))
        .getAllByRole('row')
        .slice(1);
    expect(rows().map((r) => r.textContent)).toEqual(['Ticket 1open', 'Ticket 2closed']);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(rows().map((r) => r.textContent)).toEqual(['Ticket 5open']);
  });

  it('filters by the status chosen in the select and starts again on the first page', async () => {
    const { user } = renderApp(<Queue filter="select" answer={served} />);
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'closed' }));
    const rows = within(screen.getByRole('table', { name: 'Tickets' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Ticket 2closed', 'Ticket 4closed']);
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
  });

  it('draws cards under status tabs, every status under "all"', async () => {
    const { user } = renderApp(<Queue filter="tabs" answer={served} />);
    expect(screen.getByRole('radiogroup', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByText('Ticket 1')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'closed' }));
    expect(screen.getByText('Ticket 2')).toBeInTheDocument();
    expect(screen.queryByText('Ticket 1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'all' }));
    expect(screen.getByText('Ticket 1')).toBeInTheDocument();
    expect(screen.getByText('Ticket 2')).toBeInTheDocument();
  });
});

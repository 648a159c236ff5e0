import '@mantine/core/styles/Combobox.layer.css';
import { PageTitle } from '../../components/PageTitle';
import { Alert, Button, Group, Loader, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { type QuoteStatus, quoteStatuses } from '../../../domain/quote-status';
import { can } from '../../../domain/roles';
import { useAppSelector } from '../../lib/store-hooks';
import { QuoteList } from './QuoteList';
import { useQuotesQuery } from './quotes.api';
import { PAGE_SIZE } from '../../lib/paging';

/** /admin/quotes: every company's quotes, filtered by status and text (company, size, title, number). */
export function QuotesConsolePage() {
  const role = useAppSelector((s) => s.session.user?.role);
  const canCreate = role ? can(role, 'sales') : false;
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const { data, isFetching, isError } = useQuotesQuery({
    page,
    pageSize: PAGE_SIZE,
    ...(status && { status }),
    ...(debounced && { text: debounced }),
  });
  return (
    <>
      <PageTitle title="Quotes">
        {canCreate && (
          <Button component={Link} to="new">
            New quote
          </Button>
        )}
      </PageTitle>
      <Group mb="md" wrap="wrap">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={quoteStatuses.map((s) => ({ value: s, label: s.replace('_', ' ') }))}
          value={status}
          onChange={(v) => {
            setStatus(v as QuoteStatus | null);
            setPage(0);
          }}
        />
        <TextInput
          label="Search"
          placeholder="Company, size, title or number"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(0);
          }}
        />
        {isFetching && <Loader size="sm" mt="lg" aria-label="Loading quotes" />}
      </Group>
      {isError && <Alert color="red">Quotes could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text>No quotes match.</Text>}
      {data && data.data.count > 0 && (
        <QuoteList
          staff
          list={data.data.list}
          count={data.data.count}
          page={page}
          onPage={setPage}
          to={(id) => String(id)}
        />
      )}
    </>
  );
}

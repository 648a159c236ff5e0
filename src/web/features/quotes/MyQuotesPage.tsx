import { Alert, Button, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { QuoteList } from './QuoteList';
import { useQuotesQuery } from './quotes.api';
import { PAGE_SIZE } from '../../lib/paging';

/** /quotes: the company's quotes with their status; a quote opens on its own page. */
export function MyQuotesPage() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = useQuotesQuery({ page, pageSize: PAGE_SIZE });
  return (
    <>
      <PageTitle title="Quotes">
        <Button component={Link} to="/quotes/new">
          Request a quote
        </Button>
      </PageTitle>
      {isLoading && <Loader aria-label="Loading quotes" />}
      {isError && <Alert color="red">Your quotes could not be loaded. Try again in a moment.</Alert>}
      {data && data.data.count === 0 && <Text>No quotes yet. Ask for one for a fleet or a big order.</Text>}
      {data && data.data.count > 0 && (
        <QuoteList
          list={data.data.list}
          count={data.data.count}
          page={page}
          onPage={setPage}
          to={(id) => `/quotes/${id}`}
        />
      )}
    </>
  );
}

import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Product } from '../../../contract/catalog';
import type { ComparisonColumn, ComparisonTable } from '../../../contract/comparisons';
import type { ApiFailure } from '../../api/api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import {
  useCompareTableQuery,
  useDeleteComparisonMutation,
  useRenameComparisonMutation,
  useSaveComparisonMutation,
  useSavedComparisonQuery,
  useSavedComparisonsQuery,
} from './comparisons.api';

const miles = (n: number | null) => (n ? `${n.toLocaleString('en-US')} mi` : 'None');

/** The rows of the side-by-side: a label and what each tire shows. */
const rows: { label: string; cell: (c: ComparisonColumn) => ReactNode }[] = [
  { label: 'Size', cell: (c) => c.product.size },
  { label: 'Your price', cell: (c) => <b>{money(c.product.priceCents)}</b> },
  {
    label: 'In stock',
    cell: (c) => (
      <Text c={c.product.available > 0 ? 'green' : 'red'} size="sm">
        {c.product.available}
      </Text>
    ),
  },
  {
    label: 'Load / speed',
    cell: (c) =>
      `${c.product.loadIndex ?? '–'}${c.product.loadIndexDual ? `/${c.product.loadIndexDual}` : ''} ${c.product.speedIndex ?? ''}${c.product.loadRange ? ` (${c.product.loadRange})` : ''}`,
  },
  { label: 'UTQG', cell: (c) => c.product.utqg ?? 'n/a' },
  { label: 'Tread warranty', cell: (c) => miles(c.product.warrantyMiles) },
  { label: 'Weight', cell: (c) => (c.product.weightLbs ? `${c.product.weightLbs} lb` : 'n/a') },
  {
    label: 'Overall diameter',
    cell: (c) => (
      <Stack gap={2}>
        <span>{c.product.overallDiameter.toFixed(2)} in</span>
        {c.diameterDifferencePercent === null ? (
          <Text size="xs" c="dimmed">
            reference
          </Text>
        ) : (
          <Badge size="sm" color={c.withinThreePercent ? 'green' : 'red'} variant="light">
            {c.diameterDifferencePercent > 0 ? '+' : ''}
            {c.diameterDifferencePercent.toFixed(1)} % {c.withinThreePercent ? 'within 3 %' : 'over 3 %'}
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    label: 'Fleet reviews',
    cell: (c) =>
      c.rating.count ? `${c.rating.average?.toFixed(1)} of 5 (${c.rating.count})` : 'No reviews yet',
  },
];

interface Props {
  renderActions?: (p: Product) => ReactNode;
}

/** /compare?ids=1,2,3 (ticked results) and /compare/:id (a saved comparison): the side-by-side. */
export function ComparePage({ renderActions }: Props) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const savedId = id ? Number(id) : null;
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const saved = useSavedComparisonQuery(savedId ?? 0, { skip: !savedId });
  const ticked = useCompareTableQuery(ids, { skip: !!savedId || ids.length < 2 });
  const table = savedId ? saved.data?.table : ticked.data;
  const loading = saved.isLoading || ticked.isLoading;
  const failed = saved.isError || ticked.isError;
  return (
    <Stack>
      <PageTitle title={saved.data?.name ?? 'Compare tires'}>
        <Button component={Link} to="/shop" variant="default">
          Back to tires
        </Button>
      </PageTitle>
      {!savedId && ids.length < 2 && (
        <Alert color="gray">Tick 2 to 4 tires on the results page and choose Compare.</Alert>
      )}
      {loading && <Loader aria-label="Loading the comparison" />}
      {failed && <Alert color="red">This comparison cannot be shown.</Alert>}
      {table && <SideBySide table={table} renderActions={renderActions} />}
      {table && !savedId && <SaveForm productIds={table.columns.map((c) => c.product.productId)} />}
      {savedId && saved.data && <RenameForm id={savedId} name={saved.data.name} />}
      <SavedList />
    </Stack>
  );
}

function SideBySide({ table, renderActions }: { table: ComparisonTable } & Props) {
  const phone = useMediaQuery('(max-width: 48em)');
  const missing = table.missingProductIds.length > 0 && (
    <Alert color="yellow">{table.missingProductIds.length} saved tire(s) are no longer sold.</Alert>
  );
  const heading = (c: ComparisonColumn) => (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {c.product.brand}
      </Text>
      <Anchor
        component={Link}
        to={`/shop/product/${encodeURIComponent(c.product.skuCode)}?make=${c.product.skuMakeId}`}
        size="sm"
      >
        {c.product.line}
      </Anchor>
    </Stack>
  );
  // A phone gets one card per tire, rows inside: nothing is cut off or scrolled sideways.
  if (phone)
    return (
      <Stack data-testid="comparison">
        {missing}
        {table.columns.map((c) => (
          <Card key={c.product.productId} withBorder padding="sm">
            {heading(c)}
            <Table mt="xs" fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.label}>
                    <Table.Th w="45%">{r.label}</Table.Th>
                    <Table.Td>{r.cell(c)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {renderActions && <Group mt="xs">{renderActions(c.product)}</Group>}
          </Card>
        ))}
      </Stack>
    );
  return (
    <Card withBorder padding="sm" data-testid="comparison">
      {missing}
      <Table layout="fixed" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150} />
            {table.columns.map((c) => (
              <Table.Th key={c.product.productId}>{heading(c)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th>{r.label}</Table.Th>
              {table.columns.map((c) => (
                <Table.Td key={c.product.productId}>{r.cell(c)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          {renderActions && (
            <Table.Tr>
              <Table.Th />
              {table.columns.map((c) => (
                <Table.Td key={c.product.productId}>{renderActions(c.product)}</Table.Td>
              ))}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

const fieldError = (p: ApiFailure) => {
  return p.errors?.[0]?.detail ? `Name ${p.errors[0].detail}` : p.message;
};

function SaveForm({ productIds }: { productIds: number[] }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useMutationWithToast(useSaveComparisonMutation());
  const navigate = useNavigate();
  const submit = async () => {
    const res = await save({ name, productIds }, { success: (c) => `Saved “${c.name}”`, failure: null });
    if (!res.ok) return setError(fieldError(res.problem));
    navigate(`/compare/${res.data.id}`);
  };
  return (
    <Group align="flex-start" wrap="wrap">
      <TextInput
        aria-label="Comparison name"
        placeholder="Name, e.g. Delivery vans 2027"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={80}
        error={error}
        w={300}
      />
      <Button onClick={submit} loading={isLoading}>
        Save comparison
      </Button>
    </Group>
  );
}

function RenameForm({ id, name: current }: { id: number; name: string }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useMutationWithToast(useRenameComparisonMutation());
  const submit = async () => {
    const res = await rename({ id, name }, { success: 'Renamed', failure: null });
    setError(res.ok ? null : fieldError(res.problem));
  };
  return (
    <Group align="flex-start" wrap="wrap">
      <TextInput
        aria-label="Comparison name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={80}
        error={error}
        w={300}
      />
      <Button variant="default" onClick={submit} loading={isLoading}>
        Rename
      </Button>
    </Group>
  );
}

function SavedList() {
  const { data } = useSavedComparisonsQuery();
  const [remove] = useDeleteComparisonMutation();
  const navigate = useNavigate();
  const { id } = useParams();
  if (!data) return null;
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb="xs">
        Your saved comparisons
      </Title>
      {data.count === 0 && (
        <Text c="dimmed" size="sm">
          None yet: save one above.
        </Text>
      )}
      <Stack gap={4}>
        {data.list.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/compare/${c.id}`}>
              {c.name} ({c.productIds.length} tires)
            </Anchor>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${c.name}`}
              onClick={async () => {
                await remove(c.id);
                if (Number(id) === c.id) navigate('/compare');
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { QuoteFloor } from '../../../contract/quotes';
import { EntityPicker, type Picker } from '../../components/EntityPicker';
import { PageTitle } from '../../components/PageTitle';
import { useAppSelector } from '../../lib/store-hooks';
import { money, percent } from '../../lib/format';
import { dollarsToCents } from './quote-bits';
import {
  useAdvertisedMinimumsQuery,
  useFloorsQuery,
  useSetAdvertisedMinimumMutation,
  useSetFloorMutation,
} from './quotes.api';
import { PAGE_SIZE } from '../../lib/paging';

type Failure = { message?: string } | undefined;
const messageOf = (e: unknown) => (e as Failure)?.message ?? 'That did not work';

function FloorRow({ floor, editable }: { floor: QuoteFloor; editable: boolean }) {
  const [value, setValue] = useState<number | string>(floor.minMarginBasisPoints / 100);
  const [save, saving] = useSetFloorMutation();
  const changed = Math.round(Number(value) * 100) !== floor.minMarginBasisPoints;
  return (
    <Table.Tr>
      <Table.Td>
        {floor.name}
        <Text size="xs" c="dimmed">
          {floor.code}
        </Text>
      </Table.Td>
      <Table.Td>{percent(floor.minMarginBasisPoints)}</Table.Td>
      {editable && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <NumberInput
              aria-label={`Minimum margin of ${floor.name}, percent of cost`}
              suffix=" %"
              decimalScale={2}
              min={0}
              max={100}
              value={value}
              onChange={setValue}
              w={110}
              size="xs"
            />
            <Button
              size="xs"
              disabled={!changed || value === ''}
              loading={saving.isLoading}
              onClick={() =>
                save({
                  priceGroupId: floor.priceGroupId,
                  minMarginBasisPoints: Math.round(Number(value) * 100),
                })
              }
            >
              Save
            </Button>
          </Group>
          {saving.error && (
            <Text c="red" size="xs">
              {messageOf(saving.error)}
            </Text>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function MarginFloors({ editable }: { editable: boolean }) {
  const { data, isLoading, isError } = useFloorsQuery();
  if (isLoading) return <Loader aria-label="Loading the floors" />;
  if (isError || !data) return <Alert color="red">The floors could not be loaded.</Alert>;
  return (
    <Table.ScrollContainer minWidth={editable ? 420 : 300} type="native">
      <Table aria-label="Minimum margin per price group">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Price group</Table.Th>
            <Table.Th>Minimum margin</Table.Th>
            {editable && <Table.Th>Change</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.data.list.map((f) => (
            <FloorRow key={`${f.priceGroupId}-${f.minMarginBasisPoints}`} floor={f} editable={editable} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SetMap({ product }: { product: Picker }) {
  const [productId, setProductId] = useState<string | null>(null);
  const [price, setPrice] = useState<number | string>('');
  const [save, saving] = useSetAdvertisedMinimumMutation();
  return (
    <Card withBorder>
      <Group align="flex-end" wrap="wrap">
        <EntityPicker
          source={product}
          label="SKU"
          value={productId}
          onChange={setProductId}
          w={300}
          maw="100%"
        />
        <NumberInput
          label="Minimum advertised price"
          prefix="$"
          decimalScale={2}
          min={0.01}
          value={price}
          onChange={setPrice}
          w={180}
        />
        <Button
          disabled={!productId || !price}
          loading={saving.isLoading}
          onClick={async () => {
            const r = await save({ productId: Number(productId), mapCents: dollarsToCents(price) });
            if ('data' in r) setPrice('');
          }}
        >
          Set MAP
        </Button>
      </Group>
      {saving.error && (
        <Text c="red" size="sm" mt="xs">
          {messageOf(saving.error)}
        </Text>
      )}
    </Card>
  );
}

function AdvertisedMinimums({ editable }: { editable: boolean }) {
  const [page, setPage] = useState(0);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const { data, isError } = useAdvertisedMinimumsQuery({ page, pageSize: PAGE_SIZE, ...(q && { q }) });
  const [remove, removing] = useSetAdvertisedMinimumMutation();
  return (
    <Stack gap="xs">
      <TextInput
        label="Search"
        placeholder="SKU, make, line or size"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPage(0);
        }}
        maw={320}
      />
      {isError && <Alert color="red">The minimum advertised prices could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text c="dimmed">No SKU has a minimum advertised price.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table aria-label="Minimum advertised prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Tire</Table.Th>
                <Table.Th ta="right">MAP</Table.Th>
                {editable && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.list.map((m) => (
                <Table.Tr key={m.productId}>
                  <Table.Td>{m.skuCode}</Table.Td>
                  <Table.Td>
                    {m.makeName} {m.modelName} {m.size}
                  </Table.Td>
                  <Table.Td ta="right">{money(m.mapCents)}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={removing.isLoading && removing.originalArgs?.productId === m.productId}
                        onClick={() => remove({ productId: m.productId, mapCents: null })}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.data.count > PAGE_SIZE && (
        <Group>
          <Button size="xs" variant="default" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={(page + 1) * PAGE_SIZE >= data.data.count}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /admin/quote-floors: what no quote price goes under (docs/quotes.md, "Prices and the floor"):
 * the minimum margin over cost per price group and the manufacturers' minimum advertised prices.
 * Sales reads them; admin changes them (audited).
 */
export function QuoteFloorsPage({ pickers }: { pickers: { product: Picker } }) {
  const editable = useAppSelector((s) => s.session.user?.role) === 'admin';
  return (
    <>
      <PageTitle title="Quote floors" />
      <Text c="dimmed" mb="md">
        A quote price below cost plus the group's minimum margin, or below the SKU's minimum advertised price,
        is refused at finalize unless admin or finance approves it.
        {!editable && ' Only admin changes these.'}
      </Text>
      <Stack>
        <Title order={2} size="h4">
          Minimum margin per price group
        </Title>
        <MarginFloors editable={editable} />
        <Title order={2} size="h4">
          Minimum advertised prices (MAP)
        </Title>
        {editable && <SetMap product={pickers.product} />}
        <AdvertisedMinimums editable={editable} />
      </Stack>
    </>
  );
}

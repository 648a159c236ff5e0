import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { SizeRecord } from '../../../contract/catalog';
import { parseTireSize } from '../../../domain/tire-size';
import { PageTitle } from '../../components/PageTitle';
import { shopUrl } from '../../features/search/shop-filters';
import { usePlusSizesQuery, useVehicleSizesQuery } from '../../features/sizing/sizing.api';
import { paths } from '../paths';

const dims = (size: string) => {
  const s = parseTireSize(size);
  return s ? { width: String(s.width), ratio: String(s.ratio), rim: String(s.rim) } : {};
};

function PlusSizes({ size }: { size: string }) {
  const { data, isLoading, error } = usePlusSizesQuery(size);
  if (isLoading) return <Loader size="xs" />;
  if (error) return <Text size="xs">Alternatives could not be loaded.</Text>;
  // One link per width, ratio and rim (P-metric and ZR spellings shop the same), never the OE size.
  const own = dims(size);
  const seen = new Set([`${own.width}/${own.ratio}/${own.rim}`]);
  const distinct = (data ?? []).filter((s) => {
    const key = `${s.width}/${s.ratio}/${s.rim}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (!distinct.length) return <Text size="xs">No alternatives within 3% of the diameter.</Text>;
  return (
    <Group gap="xs">
      {distinct.slice(0, 8).map((s) => (
        <Anchor key={s.id} component={Link} size="sm" to={`${paths.shop}${shopUrl(dims(s.size))}`}>
          {s.size}
        </Anchor>
      ))}
    </Group>
  );
}

/** One OE fitment: a square set goes to /shop by size; a staggered set with its rear size. */
function Fitment({ records, vehicle }: { records: SizeRecord[]; vehicle: Record<string, string> }) {
  const front = records.find((r) => r.position !== 'rear') ?? records[0];
  const rear = records.find((r) => r.position === 'rear');
  const service = (r: SizeRecord) => `${r.size} ${r.loadIndex}${r.speedIndex}`;
  const rearDims = rear ? dims(rear.size) : null;
  const target = rearDims
    ? shopUrl({
        ...vehicle,
        ...dims(front.size),
        rearWidth: rearDims.width,
        rearRatio: rearDims.ratio,
        rearRim: rearDims.rim,
      })
    : shopUrl({ ...vehicle, size: service(front) });
  return (
    <Card withBorder radius="md" data-testid="oe-size">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {rear ? `Front ${service(front)} · Rear ${service(rear)}` : service(front)}
        </Title>
        <Text size="sm" c="dimmed">
          {rear ? 'Staggered set: different front and rear sizes' : 'Original equipment size'}
        </Text>
        <Button component={Link} to={`${paths.shop}${target}`} w="fit-content">
          Shop this size
        </Button>
        <Text size="sm" fw={500}>
          Plus-size alternatives
        </Text>
        <PlusSizes size={front.size} />
      </Stack>
    </Card>
  );
}

/** /oe_selection: a vehicle with several OE sizes lists them to choose from, with plus sizes. */
export function OeSelectionPage() {
  const [params] = useSearchParams();
  const vehicle = {
    year: params.get('year') ?? '',
    vmake: params.get('vmake') ?? '',
    vmodel: params.get('vmodel') ?? '',
    option: params.get('option') ?? '',
  };
  const { data, isLoading, error } = useVehicleSizesQuery({
    year: vehicle.year,
    make: vehicle.vmake,
    model: vehicle.vmodel,
    option: vehicle.option,
  });
  const fitments = [...new Set((data ?? []).map((r) => r.fitment))].map((f) =>
    (data ?? []).filter((r) => r.fitment === f),
  );
  return (
    <Stack>
      <PageTitle title="Choose a tire size" />
      <Text>
        {vehicle.year} {vehicle.vmake} {vehicle.vmodel} {vehicle.option}
      </Text>
      {isLoading && <Loader aria-label="Loading sizes" />}
      {error && (
        <Alert color="red" variant="light" title="Sizes not available">
          The tire sizes of this vehicle could not be loaded.
        </Alert>
      )}
      {!isLoading && !error && fitments.length === 0 && (
        <Alert color="gray">No tire sizes are known for this vehicle.</Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {fitments.map((records) => (
          <Fitment key={records[0].fitment} records={records} vehicle={vehicle} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

import '@mantine/core/styles/Affix.layer.css';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MAX_COMPARED } from '../../../domain/comparisons';
import { clearTicked, useTicked } from './compare-tray';

/** The bar that opens the side-by-side of the ticked tires. */
export function CompareTray() {
  const ticked = useTicked();
  if (!ticked.length) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }}>
      <Paper shadow="md" withBorder p="sm" maw={520} mx="auto" data-testid="compare-tray">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            {ticked.length} of {MAX_COMPARED} tires ticked
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="subtle" onClick={clearTicked}>
              Clear
            </Button>
            <Button
              size="xs"
              component={Link}
              to={`/compare?ids=${ticked.join(',')}`}
              disabled={ticked.length < 2}
            >
              Compare
            </Button>
          </Group>
        </Group>
      </Paper>
    </Affix>
  );
}

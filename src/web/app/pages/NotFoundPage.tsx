import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';

export function NotFoundPage() {
  return (
    <Stack align="flex-start">
      <PageTitle title="Page not found" />
      <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <Button component={Link} to="/">
        Go to the shop
      </Button>
    </Stack>
  );
}

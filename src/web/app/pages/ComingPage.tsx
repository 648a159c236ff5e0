import { Alert } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';

/** A page the frame links to whose area is not built yet: the frame and title, and an honest note. */
export function ComingPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Alert variant="light" color="gray">
        This area is being built and will appear here.
      </Alert>
    </>
  );
}

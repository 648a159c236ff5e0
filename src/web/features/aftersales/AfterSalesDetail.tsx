import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Kind } from './aftersales.api';
import { BillDetail } from './BillDetail';
import { ClaimDetail } from './ClaimDetail';
import { RefundDetail } from './RefundDetail';
import { ReturnDetail } from './ReturnDetail';

/** A staff detail page of a return, claim, refund or bill: facts, log, and the actions allowed now. */
export function AfterSalesDetail({ kind }: { kind: Kind }) {
  const id = Number(useParams().id);
  const back = (
    <Button component={Link} to=".." relative="path" variant="default">
      Back to the queue
    </Button>
  );
  if (kind === 'return') return <ReturnDetail id={id} back={back} />;
  if (kind === 'claim') return <ClaimDetail id={id} back={back} />;
  if (kind === 'refund') return <RefundDetail id={id} back={back} />;
  return <BillDetail id={id} back={back} />;
}

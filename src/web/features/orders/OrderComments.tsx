import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import { formatDate } from './OrderBits';
import { useAddCommentMutation } from './orders.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

/** Staff comments on an order, and a box to add one. */
export function OrderComments({ order }: { order: OrderDetail }) {
  const [add, { isLoading }] = useMutationWithToast(useAddCommentMutation());
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs">
      {order.comments.map((c) => (
        <Text key={c.commentId} size="sm">
          <b>{c.userName}</b> {formatDate(c.createdAt)}: {c.body}
        </Text>
      ))}
      <Textarea aria-label="New comment" value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      <Button
        size="xs"
        disabled={!body.trim()}
        loading={isLoading}
        onClick={async () => {
          await add({ id: order.orderId, body });
          setBody('');
        }}
      >
        Add comment
      </Button>
    </Stack>
  );
}

import { Button, Stack } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { AddToCart } from '../../features/cart/AddToCart';
import { ArrivesBy } from '../../features/delivery/ArrivesBy';
import { ProductDetail } from '../../features/search/ProductDetail';
import { ProductReviews } from '../../features/reviews/ProductReviews';

/** /shop/product/{code}?make=: one SKU. */
export function ProductPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack>
      <PageTitle title="Tire details" />
      <Button variant="subtle" w="fit-content" onClick={() => navigate(-1)}>
        Back to results
      </Button>
      <ProductDetail
        code={code}
        make={params.get('make') ?? ''}
        renderActions={(p) => (
          <Stack gap={6}>
            <ArrivesBy items={[{ productId: p.productId, quantity: 4 }]} />
            <AddToCart item={p} />
          </Stack>
        )}
      />
      <ProductReviews code={code} make={params.get('make') ?? ''} />
    </Stack>
  );
}

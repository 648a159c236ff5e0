import { Button, Stack } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { AddToCart } from '../../features/cart/AddToCart';
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
        renderActions={(p) => <AddToCart item={p} />}
      />
      <ProductReviews code={code} make={params.get('make') ?? ''} />
    </Stack>
  );
}

import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { shopUrl } from '../../features/search/shop-filters';
import { SearchPanel, type VehicleChoice } from '../../features/sizing/SearchPanel';
import { paths } from '../paths';
import { useAppSelector } from '../../lib/store-hooks';
import css from './HomePage.module.css';

/**
 * Home: the search panel. A vehicle with one OE size goes to /shop with that size (size, load
 * and speed); with several, to /oe_selection to choose. A light page: no Mantine
 * (docs/performance-web.md, "Light shell").
 */
export function HomePage() {
  const navigate = useNavigate();
  const priceGroupId = useAppSelector((s) => s.session.priceGroup?.id);
  const onVehicle = (v: VehicleChoice) => {
    const vehicle = { year: v.year, vmake: v.vmake, vmodel: v.vmodel, option: v.option };
    if (v.sizes.length > 1) {
      navigate(`${paths.oeSelection}${shopUrl(vehicle)}`);
      return;
    }
    const [s] = v.sizes;
    navigate(`${paths.shop}${shopUrl({ ...vehicle, size: `${s.size} ${s.loadIndex}${s.speedIndex}` })}`);
  };
  return (
    <div className={css.page}>
      <PageTitle title="Find tires" />
      <p className={css.intro}>
        Search by tire size, by vehicle, or type a part number, size, brand or tire line.
      </p>
      <SearchPanel
        priceGroupId={priceGroupId}
        onSizeSearch={(size) => navigate(`${paths.shop}${shopUrl(size)}`)}
        onVehicleSearch={onVehicle}
        onTextSearch={(query) => navigate(`${paths.shop}${shopUrl({ query })}`)}
      />
    </div>
  );
}

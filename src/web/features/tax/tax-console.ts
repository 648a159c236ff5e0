// The tax pages of the staff console, loaded as one chunk when the first of them is opened.
export { TaxCollectedPage } from './TaxCollectedPage';
export { TaxImportPage } from './TaxImportPage';
export { TaxRatesPage } from './TaxRatesPage';

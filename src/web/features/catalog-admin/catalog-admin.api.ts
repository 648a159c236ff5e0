import type { z } from 'zod';
import * as catalog from '../../../contract/catalog';
import * as write from '../../../contract/catalog-admin';
import { api } from '../../api/api';
import { createMutation, listQuery, oneQuery, updateMutation } from '../../api/crud';
import type { Picker } from '../../components/EntityPicker';

type Make = z.output<typeof catalog.Make>;
type Category = z.output<typeof catalog.Category>;
type Model = z.output<typeof catalog.Model>;

// Names travel: a make's shows on its lines, SKUs, markup rules, stock and prices; a category's
// on its lines and markup rules; a line's on its SKUs and prices; a SKU's on its stock and prices.
const make = { tag: 'Make', also: ['Model', 'Product', 'Markup', 'Inventory', 'Pricing'] } as const;
const category = { tag: 'Category', also: ['Model', 'Markup'] } as const;
const model = { tag: 'Model', also: ['Product', 'Pricing'] } as const;
const product = { tag: 'Product', also: ['Inventory', 'Pricing'] } as const;

export const catalogAdminApi = api.injectEndpoints({
  endpoints: (b) => ({
    listMakes: listQuery(b, catalog.v1Makes.list, 'Make', (r) => r.id),
    getMake: oneQuery(b, catalog.v1Makes.get, 'Make'),
    createMake: createMutation(b, write.createMake, make),
    updateMake: updateMutation(b, write.updateMake, make),
    listCategories: listQuery(b, catalog.v1Categories.list, 'Category', (r) => r.id),
    getCategory: oneQuery(b, catalog.v1Categories.get, 'Category'),
    createCategory: createMutation(b, write.createCategory, category),
    updateCategory: updateMutation(b, write.updateCategory, category),
    listModels: listQuery(b, catalog.v1ListModels, 'Model', (r) => r.id),
    getModel: oneQuery(b, catalog.v1GetModel, 'Model'),
    createModel: createMutation(b, write.createModel, model),
    updateModel: updateMutation(b, write.updateModel, model),
    listProducts: listQuery(b, catalog.v1ListProducts, 'Product', (r) => r.productId),
    getProduct: oneQuery(b, catalog.v1GetProduct, 'Product'),
    createProduct: createMutation(b, write.createProduct, product),
    updateProduct: updateMutation(b, write.updateProduct, product),
  }),
});

const e = catalogAdminApi.endpoints;

export const makePicker: Picker<Make> = {
  list: e.listMakes,
  one: e.getMake,
  id: (r) => r.id,
  label: (r) => r.name,
  noun: 'makes',
};
export const categoryPicker: Picker<Category> = {
  list: e.listCategories,
  one: e.getCategory,
  id: (r) => r.id,
  label: (r) => r.name,
  noun: 'categories',
};
export const modelPicker: Picker<Model> = {
  list: e.listModels,
  one: e.getModel,
  id: (r) => r.id,
  label: (r) => `${r.makeName} ${r.name}`,
  noun: 'tire lines',
};
export const productPicker: Picker<catalog.Product> = {
  list: e.listProducts,
  one: e.getProduct,
  id: (r) => r.productId,
  label: (r) => `${r.skuCode} · ${r.brand} ${r.line} ${r.size}`,
  noun: 'SKUs',
};

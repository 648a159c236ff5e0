// The after-sales module's public entry (docs/aftersales.md): returns, claims, refunds with their
// vendor records, and supplier bills, one aggregate because a refund settles a return or a claim
// and feeds the next bill in one transaction.
export {
  actOnBill,
  billCsv,
  createBill,
  deleteBillItem,
  getBill,
  listBills,
  updateBill,
} from './aftersales.bills';
export { actOnClaim, cancelClaim, createClaim, getClaim, listClaims, updateClaim } from './aftersales.claims';
export { buyerInvoicePdf, returnAuthorizationPdf, returnLabelPdf } from './aftersales.documents';
export {
  addClaimPhotos,
  addReturnPhotos,
  claimPhotoFile,
  MAX_PHOTOS,
  returnPhotoFile,
  type Upload,
} from './aftersales.photos';
export { changeRefundStatus } from './aftersales.refund-approval';
export { getRefund, listRefunds } from './aftersales.refund-views';
export { previewRefund } from './aftersales.refundable';
export { createRefund, updateRefund } from './aftersales.refunds';
export {
  addVendorRecord,
  createVendorRecords,
  deleteOrderVendorRecords,
  deleteVendorRecord,
  listSupplierVendorRecords,
  updateVendorRecord,
} from './aftersales.supplier-records';
export { actOnReturn, changeReturnStatus } from './aftersales.return-status';
export { getReturn, listReturns } from './aftersales.return-views';
export {
  addReturnItem,
  commentOnReturn,
  openReturn,
  updateReturn,
  updateReturnItem,
} from './aftersales.returns';

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
export {
  addVendorRecord,
  changeRefundStatus,
  createRefund,
  createVendorRecords,
  deleteOrderVendorRecords,
  deleteVendorRecord,
  getRefund,
  listRefunds,
  listSupplierVendorRecords,
  previewRefund,
  updateRefund,
  updateVendorRecord,
} from './aftersales.refunds';
export {
  actOnReturn,
  addReturnItem,
  changeReturnStatus,
  commentOnReturn,
  getReturn,
  listReturns,
  openReturn,
  updateReturn,
  updateReturnItem,
} from './aftersales.returns';

export const ADD_ITEM = 'cart/add';
export const CHANGE_QTY = 'cart/changeQty';
export const REMOVE_LINE = 'cart/removeLine';

export const addItem = (productId) => ({ type: ADD_ITEM, productId });
/** `delta` is +1 or -1; a line that reaches 0 is removed. */
export const changeQty = (productId, delta) => ({ type: CHANGE_QTY, productId, delta });
export const removeLine = (productId) => ({ type: REMOVE_LINE, productId });

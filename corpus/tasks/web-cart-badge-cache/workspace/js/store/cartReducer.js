import { ADD_ITEM, CHANGE_QTY, REMOVE_LINE } from './actions.js';

export const initialState = { cart: { lines: [] } };

const MAX_QTY = 10;

function updateLines(lines, action) {
  switch (action.type) {
    case ADD_ITEM: {
      const existing = lines.find((line) => line.productId === action.productId);
      if (!existing) return [...lines, { productId: action.productId, qty: 1 }];
      return changeLine(lines, action.productId, 1);
    }
    case CHANGE_QTY:
      return changeLine(lines, action.productId, action.delta);
    case REMOVE_LINE:
      return lines.filter((line) => line.productId !== action.productId);
    default:
      return lines;
  }
}

function changeLine(lines, productId, delta) {
  return lines.flatMap((line) => {
    if (line.productId !== productId) return [line];
    const qty = Math.min(MAX_QTY, line.qty + delta);
    return qty > 0 ? [{ ...line, qty }] : [];
  });
}

export function reducer(state = initialState, action) {
  const lines = updateLines(state.cart.lines, action);
  return lines === state.cart.lines ? state : { ...state, cart: { ...state.cart, lines } };
}

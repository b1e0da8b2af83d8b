import { UpstreamError } from '../utils/errors.js';

/** Stock levels from the warehouse; any warehouse failure is an upstream error. */
export class StockService {
  constructor(warehouse) {
    this.warehouse = warehouse;
  }

  async level(sku) {
    let result;
    try {
      result = await this.warehouse.getStock(sku);
    } catch (err) {
      throw new UpstreamError(`Warehouse unavailable for ${sku}`, { cause: err });
    }
    return result ? { sku: result.sku, available: result.available } : null;
  }
}

import { NotFoundError } from '../http/errors.js';

export function createBranchService({ db }) {
  return {
    list: () => db.branches.all(),
    get(id) {
      const branch = db.branches.get(id);
      if (!branch) throw new NotFoundError(`No branch ${id}`);
      const copies = db.copies.where((c) => c.branchId === id).length;
      return { ...branch, copies };
    },
  };
}

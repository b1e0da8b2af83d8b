import assert from 'node:assert/strict';
import { withServer } from './lib/http.mjs';

export default async function ({ workspace }) {
  await withServer(workspace, async (api) => {
    const loan = await api.post('/loans', { copyId: 'cp-102' }, { as: 'ada' });
    assert.equal(loan.status, 201, `borrow: ${loan.status} ${loan.text}`);
    assert.equal(loan.body.copyId, 'cp-102');
    assert.equal(loan.body.renewals, 0);

    const mine = await api.get('/loans', { as: 'ada' });
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.body.data.map((l) => l.copyId).sort(), ['cp-102', 'cp-301', 'cp-501']);

    const renewed = await api.post(`/loans/${loan.body.id}/renew`, undefined, { as: 'ada' });
    assert.equal(renewed.status, 200, `renew: ${renewed.status} ${renewed.text}`);
    assert.equal(renewed.body.renewals, 1);

    const reserved = await api.post('/reservations', { bookId: 'bk-8' }, { as: 'ada' });
    assert.equal(reserved.status, 201, `reserve: ${reserved.status} ${reserved.text}`);
    assert.equal((await api.delete(`/reservations/${reserved.body.id}`, { as: 'ada' })).status, 204);

    const returned = await api.post('/loans/ln-3/return', undefined, { as: 'staff' });
    assert.equal(returned.status, 200, `return: ${returned.status} ${returned.text}`);
    assert.equal(typeof returned.body.returnedOn, 'string');

    const fines = await api.get('/fines', { as: 'cleo' });
    assert.equal(fines.status, 200);
    assert.equal(fines.body.owedCents, 750);
    assert.equal((await api.post('/fines/fn-1/pay', undefined, { as: 'staff' })).status, 200);
    const cleo = await api.post('/loans', { copyId: 'cp-201' }, { as: 'cleo' });
    assert.equal(cleo.status, 201, `borrow after paying fines: ${cleo.status} ${cleo.text}`);

    const kid = await api.post('/loans', { copyId: 'cp-601' }, { as: 'ben' });
    assert.equal(kid.status, 201);
    const book = await api.get('/books/bk-6');
    assert.equal(book.body.available, 1);
  });
}

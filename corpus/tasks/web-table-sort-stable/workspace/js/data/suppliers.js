export const SUPPLIERS = [
  { id: 'SUP-01', name: 'Northwood Joinery', country: 'United Kingdom', leadTimeDays: '21', openOrders: '3', rating: '4.6' },
  { id: 'SUP-02', name: 'Loomhouse Textiles', country: 'Portugal', leadTimeDays: '14', openOrders: '5', rating: '4.8' },
  { id: 'SUP-03', name: 'Lumen & Co', country: 'Denmark', leadTimeDays: '30', openOrders: '', rating: '4.1' },
  { id: 'SUP-04', name: 'Kiln Street Ceramics', country: 'United Kingdom', leadTimeDays: '10', openOrders: '2', rating: '4.9' },
  { id: 'SUP-05', name: 'Hearth Kitchenware', country: 'Germany', leadTimeDays: '18', openOrders: '1', rating: '' },
  { id: 'SUP-06', name: 'Fig & Cedar', country: 'France', leadTimeDays: '12', openOrders: '4', rating: '4.4' },
];

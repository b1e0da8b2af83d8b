export function serializeCustomer(customer) {
  return {
    id: customer.id,
    object: 'customer',
    email: customer.email,
    name: customer.name,
    created: customer.created,
  };
}
